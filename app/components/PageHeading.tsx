import { type ReactNode, useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * The page's h1. After a client-side navigation focus moves to it, so keyboard and screen-reader
 * users start reading the new page (a full page load leaves focus alone: the skip link comes first).
 */
export function PageHeading({ children, className = "mb-4 text-2xl font-bold" }: { children: ReactNode; className?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    // "default" is the location the page was loaded with.
    if (key !== "default") heading.current?.focus();
  }, [key]);
  return (
    <h1 ref={heading} tabIndex={-1} className={`${className} focus:outline-none focus-visible:ring-2 focus-visible:ring-brand`}>
      {children}
    </h1>
  );
}
