import { type ReactNode, useEffect, useRef } from "react";
import { postBeacon } from "../tracking/beacon";
import { loadVisitorSession } from "../visitor-session";
import { ImpressionQueue } from "../tracking/impression-queue";
import { sendSponsoredEvent } from "../tracking/sponsored-events";

/**
 * Reports deal tiles the shopper has seen in full (spec discovery §4): every descendant with a
 * `data-deal-id` is watched; once wholly visible its id is queued, and the queue goes to
 * `POST /v1/deal/{location}/impressions` at 50 ids or when the page is left. Tiles inside a
 * `data-ad-id` element are sponsored placements and are also reported as sponsored impressions.
 * `watchKey` should change when the tiles do (a new page of results).
 */
export function ImpressionTracker({ location, watchKey, children }: { location: string; watchKey: string; children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = root.current;
    if (!container || typeof IntersectionObserver === "undefined") return;
    // Reports need the CSRF token: have it before the first tile is seen or the page is left.
    loadVisitorSession().catch(() => {});
    const queue = new ImpressionQueue((dealIds) => postBeacon(`/v1/deal/${encodeURIComponent(location)}/impressions`, dealIds));
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting || entry.intersectionRatio < 1) continue;
          const tile = entry.target as HTMLElement;
          observer.unobserve(tile);
          const dealId = Number(tile.dataset.dealId);
          queue.add(dealId);
          const adId = tile.closest<HTMLElement>("[data-ad-id]")?.dataset.adId;
          if (adId) void sendSponsoredEvent("impression", [{ adId, dealId }]);
        }
      },
      { threshold: 1 },
    );
    container.querySelectorAll<HTMLElement>("[data-deal-id]").forEach((tile) => observer.observe(tile));
    const leave = () => queue.flush();
    const hidden = () => {
      if (document.visibilityState === "hidden") queue.flush();
    };
    window.addEventListener("pagehide", leave);
    document.addEventListener("visibilitychange", hidden);
    return () => {
      observer.disconnect();
      window.removeEventListener("pagehide", leave);
      document.removeEventListener("visibilitychange", hidden);
      queue.flush();
    };
  }, [location, watchKey]);

  return <div ref={root}>{children}</div>;
}
