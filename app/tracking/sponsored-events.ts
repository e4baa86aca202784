import { apiFetch, loadVisitorSession } from "../visitor-session";
import { postBeacon } from "./beacon";

const SESSION_KEY = "dealwise.searchSession";

export interface SponsoredPlacement {
  adId: string;
  dealId: number;
}

let pendingSession: Promise<string | null> | null = null;

/**
 * The shopper's search session id, created on demand (spec discovery §4) and kept for the
 * browser tab. Null when it cannot be had (storage blocked, network down): events are then skipped.
 */
export function searchSessionId(): Promise<string | null> {
  pendingSession ??= (async () => {
    try {
      const known = sessionStorage.getItem(SESSION_KEY);
      const { customerToken } = await loadVisitorSession();
      const response = await apiFetch("/v1/sponsored/customer", { method: "POST", json: { customerToken, sessionId: known } });
      if (!response.ok) return null;
      const { sessionId } = (await response.json()) as { sessionId: string };
      sessionStorage.setItem(SESSION_KEY, sessionId);
      return sessionId;
    } catch {
      return null;
    }
  })();
  return pendingSession;
}

/** Reports sponsored tiles seen or clicked; the server counts each once per session. */
export async function sendSponsoredEvent(type: "impression" | "click", placements: readonly SponsoredPlacement[]): Promise<void> {
  if (placements.length === 0) return;
  const sessionId = await searchSessionId();
  if (!sessionId) return;
  postBeacon("/v1/sponsored/impressionAndClick", {
    adIds: placements.map((p) => p.adId),
    dealIds: placements.map((p) => p.dealId),
    sessionId,
    type,
  });
}
