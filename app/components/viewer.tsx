/**
 * Who is looking (spec discovery §3 "User (browsing view)"), for VIP prices and the VIP Hub marker.
 *
 * Shared (cacheable) pages must not depend on the visitor, so the server renders for an anonymous
 * viewer unless the request is signed in: a request with the session cookie never reaches the
 * shared page cache and its answer is marked private, so only then does the root loader pass the
 * customer's viewer (see docs/decisions/catalog-vip-prices-for-members.md). After hydration the
 * session lookup (/v1/user/session) takes over, so signing in or out re-renders the prices.
 */
import { createContext, useContext } from "react";
import type { PriceViewer } from "../../modules/catalog/rules/price-display";
import { type VisitorSessionInfo, useVisitorSession } from "../visitor-session";

export interface Viewer {
  isAuthCheckFinished: boolean;
  isAuthenticated: boolean;
  vipUser: boolean;
}

export const ANONYMOUS_VIEWER: Viewer = { isAuthCheckFinished: false, isAuthenticated: false, vipUser: false };

/** The server's viewer: the signed-in customer's, else anonymous (never "checked guest": that page is shared). */
export function serverViewer(customer: { vipUser: boolean } | null): Viewer {
  return customer ? { isAuthCheckFinished: true, isAuthenticated: true, vipUser: customer.vipUser } : ANONYMOUS_VIEWER;
}

function sessionViewer(session: VisitorSessionInfo): Viewer {
  const profile = session.isAuthenticated ? session.userprofile : null;
  return { isAuthCheckFinished: true, isAuthenticated: profile !== null, vipUser: profile?.vipUser ?? false };
}

export const ViewerContext = createContext<Viewer>(ANONYMOUS_VIEWER);

/** Provides the server's viewer until the browser's session lookup answers, then that one. */
export function ViewerProvider({ server, children }: { server: Viewer; children: React.ReactNode }) {
  const session = useVisitorSession();
  return <ViewerContext.Provider value={session ? sessionViewer(session) : server}>{children}</ViewerContext.Provider>;
}

/** Set by the VIP page, which shows VIP prices to everyone. */
export const VipShowcaseContext = createContext(false);

export function useViewer(): Viewer {
  return useContext(ViewerContext);
}

export function usePriceViewer(): PriceViewer {
  const viewer = useViewer();
  const showcase = useContext(VipShowcaseContext);
  return { vipUser: showcase || viewer.vipUser };
}
