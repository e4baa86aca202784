import { useEffect } from "react";
import { apiFetch, loadVisitorSession, useVisitorSession } from "../../visitor-session";

/**
 * Club points for viewing a deal (spec §7 viewDeal): after hydration and only for a signed-in
 * shopper, so the deal page's HTML stays the same for everybody. Put it once on the deal page.
 */
export function ClubViewTracker({ dealId, locationSite }: { dealId: number; locationSite: string }) {
  const signedIn = useVisitorSession()?.isAuthenticated ?? false;
  useEffect(() => {
    if (!signedIn) return;
    apiFetch("/v1/loyalty/viewDeal", { method: "POST", json: [{ dealId, locationSite }] }).catch(() => {
      // A lost view costs the shopper a point at most: not worth bothering them.
    });
  }, [dealId, locationSite, signedIn]);
  return null;
}

/** Club points for sharing a deal (spec §7 shareDeal), when a signed-in shopper presses a share link. */
export function recordClubShare(dealId: number, publisherSource: string): void {
  loadVisitorSession()
    .then((session) => (session.isAuthenticated ? apiFetch("/v1/loyalty/shareDeal", { method: "POST", json: [{ dealId, publisherSource }] }) : null))
    .catch(() => {
      // The share itself goes ahead either way.
    });
}
