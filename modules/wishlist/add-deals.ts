import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { BRANDS } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { findDealTiles } from "../catalog/deal-lookup";
import { WishlistError } from "./errors";
import { wishlistDeals, wishlists } from "./schema";
import { createWishlist, findViewerWishlist, type WishlistViewer } from "./wishlists";

/**
 * Adds deals to a wish list, creating the viewer's list on the first add. Adding a deal twice
 * changes nothing. Returns the list's id (a guest keeps it in the wishlist cookie).
 */
export async function addDealsToWishlist(
  db: Db,
  clock: Clock,
  viewer: WishlistViewer,
  input: { dealIds: readonly number[]; wishlistId?: string },
): Promise<{ wishlistId: string; created: boolean }> {
  const dealIds = [...new Set(input.dealIds)];
  if (dealIds.length === 0) throw new WishlistError("DEALS_MISSING");
  const found = await findDealTiles(db, dealIds, { countryCode: BRANDS[viewer.brand].countryCode });
  if (found.length !== dealIds.length) throw new WishlistError("DEAL_NOT_FOUND");

  const existing = await findViewerWishlist(db, viewer, input.wishlistId);
  const wishlist = existing ?? (await createWishlist(db, clock, viewer));
  const now = clock.now();
  await db
    .insert(wishlistDeals)
    .values(dealIds.map((dealId) => ({ wishlistId: wishlist.id, dealId, addedAt: now })))
    .onConflictDoNothing();
  await db.update(wishlists).set({ updatedAt: now }).where(eq(wishlists.id, wishlist.id));
  return { wishlistId: wishlist.id, created: existing === null };
}
