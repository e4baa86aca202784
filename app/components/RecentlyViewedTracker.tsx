import { useEffect } from "react";
import { apiFetch } from "../visitor-session";

/**
 * Records that the visitor opened a deal, after hydration (the deal page's HTML stays the same for
 * everybody). Put it once on the deal page: <RecentlyViewedTracker dealId={deal.id} />.
 */
export function RecentlyViewedTracker({ dealId }: { dealId: number }) {
  useEffect(() => {
    apiFetch("/v1/recently-viewed", { method: "POST", json: { dealId } }).catch(() => {
      // Losing one view is not worth bothering the shopper.
    });
  }, [dealId]);
  return null;
}
