import { useEffect, useRef, useState } from "react";
import { useFetchers, useLocation, useNavigation } from "react-router";
import { useVisitorSession } from "../visitor-session";

export interface BasketSummary {
  token: string;
  /** Spec §3: the sum of the line quantities, empty when 0. */
  quantity: string;
}

/**
 * The visitor's basket for the header, asked from /v1 after hydration (the page itself is the same
 * for everyone and may come from the shared cache): the signed-in customer's basket, else the one
 * in the basket cookie. Asked again on every page change and after every form a page posts (add,
 * quantity, remove, sign-in), so the count follows the basket at once.
 */
export function useBasketQuantity(): BasketSummary | null {
  const session = useVisitorSession();
  const { pathname } = useLocation();
  const [basket, setBasket] = useState<BasketSummary | null>(null);
  const changes = usePostsSettled();
  const customerToken = session?.customerToken ?? null;
  const ready = session !== null;
  useEffect(() => {
    if (!ready) return;
    let current = true;
    // Always a 200 (no basket: a null token), so a visitor without a basket sees no failed request.
    fetch("/v1/basket/quantity", { headers: { accept: "application/json" }, credentials: "same-origin" })
      .then(async (response) => (response.ok ? ((await response.json()) as { token: string | null; quantity: string }) : null))
      .then((found) => {
        if (current) setBasket(found?.token ? { token: found.token, quantity: found.quantity } : null);
      })
      .catch(() => {
        // No basket to show: the header keeps its plain basket link.
      });
    return () => {
      current = false;
    };
  }, [ready, customerToken, pathname, changes]);
  return basket;
}

/** Counts the page's form posts (navigations and fetchers) that have finished. */
function usePostsSettled(): number {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const posting = (navigation.formMethod !== undefined && navigation.formMethod.toLowerCase() !== "get") || fetchers.some((fetcher) => fetcher.state !== "idle" && fetcher.formMethod?.toLowerCase() !== "get");
  const [settled, setSettled] = useState(0);
  const wasPosting = useRef(false);
  useEffect(() => {
    if (wasPosting.current && !posting) setSettled((count) => count + 1);
    wasPosting.current = posting;
  }, [posting]);
  return settled;
}
