import { useEffect, useSyncExternalStore } from "react";
import { apiFetch } from "./visitor-session";

interface WishlistState {
  wishlistId: string | null;
  dealIds: ReadonlySet<number>;
}

// One lookup per page for every heart on it; toggles update all hearts at once.
let state: WishlistState | null = null;
let pending: Promise<void> | null = null;
const listeners = new Set<() => void>();

function publish(next: WishlistState) {
  state = next;
  for (const listener of listeners) listener();
}

function load(): Promise<void> {
  pending ??= fetch("/v1/wishlist/deal-ids", { headers: { accept: "application/json" }, credentials: "same-origin" })
    .then((response) => (response.ok ? (response.json() as Promise<{ wishlistId: string | null; dealIds: number[] }>) : null))
    .then((body) => publish({ wishlistId: body?.wishlistId ?? null, dealIds: new Set(body?.dealIds ?? []) }))
    .catch(() => {
      pending = null;
    });
  return pending;
}

/** Whether a deal is on the visitor's wish list: null until known (on the server, before the lookup). */
export function useWishlisted(dealId: number): boolean | null {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => null,
  );
  useEffect(() => {
    void load();
  }, []);
  return current ? current.dealIds.has(dealId) : null;
}

/** Adds or removes a deal (creating the list on the first add); optimistic, undone if the call fails. */
export async function toggleWishlist(dealId: number): Promise<void> {
  await load();
  const before = state ?? { wishlistId: null, dealIds: new Set<number>() };
  const adding = !before.dealIds.has(dealId);
  const optimistic = new Set(before.dealIds);
  if (adding) optimistic.add(dealId);
  else optimistic.delete(dealId);
  publish({ ...before, dealIds: optimistic });
  const response = adding
    ? await apiFetch(`/v1/wishlist/deal/${dealId}`, { method: "POST" })
    : await apiFetch(`/v1/wishlist/${before.wishlistId}/deal/${dealId}`, { method: "DELETE" });
  if (!response.ok) {
    publish(before);
    return;
  }
  const body = (await response.json()) as { id: string | null };
  publish({ wishlistId: body.id, dealIds: optimistic });
}
