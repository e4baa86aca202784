/**
 * Who is looking, as far as shared (cacheable) pages may know: the server always renders for an
 * anonymous non-VIP viewer; the account widget provides the real viewer after hydration, and
 * prices and the VIP Hub marker re-render for it.
 */
import { createContext, useContext } from "react";
import type { PriceViewer } from "../../modules/catalog/rules/price-display";

export interface Viewer {
  isAuthCheckFinished: boolean;
  isAuthenticated: boolean;
  vipUser: boolean;
}

export const ANONYMOUS_VIEWER: Viewer = { isAuthCheckFinished: false, isAuthenticated: false, vipUser: false };

export const ViewerContext = createContext<Viewer>(ANONYMOUS_VIEWER);

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
