import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * After a client-side navigation to another page (a new path), says the new page's title in one
 * polite live region and moves the focus to its h1 (or to the main landmark when it has none), as a
 * full page load would put a screen reader at the top of the new page. The first load is left alone:
 * the browser already announces it and nothing may steal the focus there. A navigation that only
 * changes the query or the hash (filters, sorting, in-page links) keeps the focus where it is. A
 * page whose paths are its own filters (the gift finder) marks what should take the focus instead
 * with `data-route-focus`: its results, not its h1.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  const [message, setMessage] = useState("");
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    // After React has committed the new page (its <title> and h1) and the scroll is restored.
    const frame = requestAnimationFrame(() => {
      const main = document.getElementById("main");
      const target = main?.querySelector<HTMLElement>("[data-route-focus]") ?? main?.querySelector<HTMLElement>("h1") ?? main;
      if (target) {
        if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
        target.focus({ preventScroll: true });
      }
      setMessage(document.title || target?.textContent?.trim() || "");
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {message}
    </p>
  );
}
