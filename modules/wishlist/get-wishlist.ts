import { count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { BRANDS } from "../../lib/brand";
import type { DealTile } from "../catalog/deal-tile";
import { findDealTiles } from "../catalog/deal-lookup";
import { wishlistDeals } from "./schema";
import { findViewerWishlist, type WishlistViewer } from "./wishlists";

/** Spec §9: the wishlist is fetched 50 deals at a time. */
export const WISHLIST_PAGE_SIZE = 50;

export interface WishlistPage {
  id: string;
  /** Set when the list belongs to a customer. */
  customerId: number | null;
  /** Most recently added first. */
  deals: DealTile[];
  total: number;
}

/** A page of the viewer's list (or the list named by id, if the viewer may use it); null when none exists. */
export async function getWishlist(
  db: Db,
  viewer: WishlistViewer,
  options: { wishlistId?: string; page?: number; pageSize?: number } = {},
): Promise<WishlistPage | null> {
  const wishlist = await findViewerWishlist(db, viewer, options.wishlistId);
  if (!wishlist) return null;
  const pageSize = options.pageSize ?? WISHLIST_PAGE_SIZE;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ dealId: wishlistDeals.dealId })
      .from(wishlistDeals)
      .where(eq(wishlistDeals.wishlistId, wishlist.id))
      .orderBy(desc(wishlistDeals.addedAt), desc(wishlistDeals.dealId))
      .limit(pageSize)
      .offset((options.page ?? 0) * pageSize),
    db.select({ total: count() }).from(wishlistDeals).where(eq(wishlistDeals.wishlistId, wishlist.id)),
  ]);
  const deals = await findDealTiles(db, rows.map((row) => row.dealId), { countryCode: BRANDS[viewer.brand].countryCode });
  return { id: wishlist.id, customerId: wishlist.customerId, deals, total };
}

/** The viewer's list id and every deal id on it, for the hearts on deal tiles. */
export async function wishlistDealIds(db: Db, viewer: WishlistViewer): Promise<{ wishlistId: string | null; dealIds: number[] }> {
  const wishlist = await findViewerWishlist(db, viewer);
  if (!wishlist) return { wishlistId: null, dealIds: [] };
  const rows = await db.select({ dealId: wishlistDeals.dealId }).from(wishlistDeals).where(eq(wishlistDeals.wishlistId, wishlist.id));
  return { wishlistId: wishlist.id, dealIds: rows.map((row) => row.dealId) };
}
