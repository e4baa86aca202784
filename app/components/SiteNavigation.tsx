import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { activeNavigationId } from "../../modules/catalog/rules/active-navigation";
import type { ShellNavigationItem as NavigationItem } from "../shell/load-shell.server";
import { useViewer } from "./viewer";

/**
 * The main navigation (spec discovery §2): items in one row; on small screens the row scrolls
 * with arrows, from md up the items that do not fit (md 5, lg 7, xl 10 visible) move into the
 * 'More +' menu. The menu is a <details> (click toggles, works without JavaScript); on wide
 * screens it also opens after hovering 200 ms, and a click elsewhere closes it. The current page's
 * item carries aria-current="page"; the local item is disabled (not a link) when its location has
 * no local deals. Escape closes the menu and returns focus to 'More +'. From md up the row wraps
 * onto a second line rather than run off screen when the shopper's text size is large (the
 * breakpoints are in rem, so very large text gets the small-screen row).
 */
const MORE_HOVER_DELAY_MS = 200;
const WIDE_SCREEN = "(min-width: 992px)";

/** The first five items are always in the row (md shows 5, lg 7, xl 10). */
const ALWAYS_IN_ROW = 5;

/** Classes by position: in the row up to the breakpoint's count, in the More menu after it. */
function rowClass(index: number): string {
  if (index < ALWAYS_IN_ROW) return "flex";
  if (index < 7) return "flex md:hidden lg:flex";
  if (index < 10) return "flex md:hidden xl:flex";
  return "flex md:hidden";
}

function moreClass(index: number): string {
  if (index < 7) return "hidden md:block lg:hidden";
  if (index < 10) return "hidden md:block xl:hidden";
  return "hidden md:block";
}

function moreButtonClass(count: number): string {
  if (count <= 5) return "hidden";
  if (count <= 7) return "hidden md:block lg:hidden";
  if (count <= 10) return "hidden md:block xl:hidden";
  return "hidden md:block";
}

function ItemContent({ item, showVipMarker }: { item: NavigationItem; showVipMarker: boolean }) {
  return (
    <>
      {item.kind === "local" && (
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 fill-current">
          <path d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
        </svg>
      )}
      {item.kind === "gift" && (
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 fill-current">
          <path d="M20 7h-2.2A3 3 0 0 0 12 3.8 3 3 0 0 0 6.2 7H4a1 1 0 0 0-1 1v3h8V7h2v4h8V8a1 1 0 0 0-1-1Zm-11 0a1 1 0 1 1 1-1v1Zm6 0h-1V6a1 1 0 1 1 1 1ZM4 13v7a1 1 0 0 0 1 1h6v-8Zm9 8h6a1 1 0 0 0 1-1v-7h-7Z" />
        </svg>
      )}
      {item.linkText}
      {item.kind === "vip" && showVipMarker && (
        <span className="ml-1 rounded-full bg-yellow-300 px-1.5 text-xs font-bold text-black" data-testid="vip-marker">
          Join
        </span>
      )}
    </>
  );
}

/** The local item without deals behind it: shown, named, but not a link. */
function DisabledItem({ item, className }: { item: NavigationItem; className: string }) {
  return (
    <span aria-disabled="true" className={`${className} cursor-not-allowed opacity-60`} data-testid="nav-local-disabled">
      <ItemContent item={item} showVipMarker={false} />
      <span className="sr-only"> (no local deals right now)</span>
    </span>
  );
}

export function SiteNavigation({ items, localMatch }: { items: NavigationItem[]; localMatch: boolean }) {
  const { pathname } = useLocation();
  const activeId = activeNavigationId(items, pathname);
  const disabled = (item: NavigationItem) => item.kind === "local" && !localMatch;
  const viewer = useViewer();
  // The marker invites non-members; it waits for the account check so members never see it flash.
  const showVipMarker = viewer.isAuthCheckFinished && !viewer.vipUser;
  const row = useRef<HTMLUListElement>(null);
  const more = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const details = more.current;
    if (!details) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wide = () => window.matchMedia(WIDE_SCREEN).matches;
    const enter = () => {
      if (!wide()) return;
      timer = setTimeout(() => (details.open = true), MORE_HOVER_DELAY_MS);
    };
    const leave = () => {
      clearTimeout(timer);
      if (wide()) details.open = false;
    };
    const clickElsewhere = (event: MouseEvent) => {
      if (!details.contains(event.target as Node)) details.open = false;
    };
    // Escape closes the open menu (from the button or from a link in it) and focus goes back to the button.
    const escape = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      event.preventDefault();
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    details.addEventListener("mouseenter", enter);
    details.addEventListener("mouseleave", leave);
    details.addEventListener("keydown", escape);
    document.addEventListener("click", clickElsewhere);
    return () => {
      clearTimeout(timer);
      details.removeEventListener("mouseenter", enter);
      details.removeEventListener("mouseleave", leave);
      details.removeEventListener("keydown", escape);
      document.removeEventListener("click", clickElsewhere);
    };
  }, []);

  const scroll = (direction: 1 | -1) => row.current?.scrollBy({ left: direction * 200, behavior: "smooth" });
  const linkClass = (item: NavigationItem) =>
    `flex items-center gap-1 whitespace-nowrap rounded px-3 py-2 font-bold hover:bg-white/15 ${
      item.id === activeId ? "bg-white/20 underline underline-offset-4" : ""
    } ${item.kind === "gift" ? "text-yellow-200" : ""}`;
  const moreLinkClass = (item: NavigationItem) => `flex items-center gap-1 px-4 py-2 hover:bg-gray-100 ${item.id === activeId ? "font-bold underline" : ""}`;

  return (
    <nav aria-label="Main" className="focus-inset border-t border-white/20">
      <div className="relative mx-auto flex max-w-[85.75rem] items-center px-2">
        <button type="button" onClick={() => scroll(-1)} aria-label="Scroll navigation left" className="px-1 text-xl md:hidden">
          ‹
        </button>
        <ul ref={row} className="flex flex-1 snap-x gap-1 overflow-x-auto py-1 [scrollbar-width:none] md:flex-wrap md:overflow-visible">
          {items.map((item, index) => (
            <li key={item.id} className={`${rowClass(index)} snap-start`}>
              {disabled(item) ? (
                <DisabledItem item={item} className={linkClass(item)} />
              ) : (
                <a href={item.url} className={linkClass(item)} aria-current={item.id === activeId ? "page" : undefined}>
                  <ItemContent item={item} showVipMarker={showVipMarker} />
                </a>
              )}
            </li>
          ))}
        </ul>
        <button type="button" onClick={() => scroll(1)} aria-label="Scroll navigation right" className="px-1 text-xl md:hidden">
          ›
        </button>
        <details ref={more} className={`relative ${moreButtonClass(items.length)}`}>
          <summary className="cursor-pointer list-none whitespace-nowrap rounded px-3 py-2 font-bold hover:bg-white/15">More +</summary>
          <ul className="absolute right-0 z-30 mt-1 min-w-48 rounded bg-white py-2 text-brand-ink shadow-lg ring-1 ring-gray-200">
            {items.slice(ALWAYS_IN_ROW).map((item, index) => (
              <li key={item.id} className={moreClass(index + ALWAYS_IN_ROW)}>
                {disabled(item) ? (
                  <DisabledItem item={item} className={moreLinkClass(item)} />
                ) : (
                  <a href={item.url} className={moreLinkClass(item)} aria-current={item.id === activeId ? "page" : undefined}>
                    <ItemContent item={item} showVipMarker={showVipMarker} />
                  </a>
                )}
              </li>
            ))}
          </ul>
        </details>
      </div>
    </nav>
  );
}
