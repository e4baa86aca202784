import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { wishlistDeals, wishlists } from "./schema";
import { findViewerWishlist, type WishlistViewer } from "./wishlists";

/** Removes one deal, or every deal when `dealId` is "all" (spec: DELETE wishlist/{id}/deal/all). */
export async function removeDealsFromWishlist(
  db: Db,
  clock: Clock,
  viewer: WishlistViewer,
  input: { wishlistId: string; dealId: number | "all" },
): Promise<void> {
  const wishlist = await findViewerWishlist(db, viewer, input.wishlistId);
  if (!wishlist) return;
  const ofList = eq(wishlistDeals.wishlistId, wishlist.id);
  await db.delete(wishlistDeals).where(input.dealId === "all" ? ofList : and(ofList, eq(wishlistDeals.dealId, input.dealId)));
  await db.update(wishlists).set({ updatedAt: clock.now() }).where(eq(wishlists.id, wishlist.id));
}
