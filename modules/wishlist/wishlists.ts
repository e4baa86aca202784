import { and, eq, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { randomToken } from "../security/tokens";
import { WishlistError } from "./errors";
import { wishlists } from "./schema";

export type WishlistRow = typeof wishlists.$inferSelect;

/** Who is asking: the signed-in customer (if any) and the guest wishlist id from their cookie. */
export interface WishlistViewer {
  brand: BrandId;
  customerId: number | null;
  guestWishlistId: string | null;
}

/**
 * A customer reaches only their own list; a guest list is reached only by the browser holding its
 * id in the wishlist cookie. Anything else is "not found", never "forbidden", so nothing leaks.
 */
function canUse(row: WishlistRow, viewer: WishlistViewer): boolean {
  if (row.brand !== viewer.brand) return false;
  if (row.customerId !== null) return row.customerId === viewer.customerId;
  return row.id === viewer.guestWishlistId;
}

/** The list a request means: the one named by id (checked), else the viewer's own, else null. */
export async function findViewerWishlist(db: Db, viewer: WishlistViewer, wishlistId?: string): Promise<WishlistRow | null> {
  if (wishlistId !== undefined) {
    const [row] = await db.select().from(wishlists).where(eq(wishlists.id, wishlistId));
    if (!row || !canUse(row, viewer)) throw new WishlistError("WISHLIST_NOT_FOUND");
    return row;
  }
  if (viewer.customerId !== null) {
    const [row] = await db.select().from(wishlists).where(eq(wishlists.customerId, viewer.customerId));
    return row ?? null;
  }
  if (viewer.guestWishlistId) {
    const [row] = await db
      .select()
      .from(wishlists)
      .where(and(eq(wishlists.id, viewer.guestWishlistId), isNull(wishlists.customerId), eq(wishlists.brand, viewer.brand)));
    return row ?? null;
  }
  return null;
}

/** Creates the viewer's list on first add (spec: "created on first add, then stored by id"). */
export async function createWishlist(db: Db, clock: Clock, viewer: WishlistViewer): Promise<WishlistRow> {
  const now = clock.now();
  const [row] = await db
    .insert(wishlists)
    .values({ id: randomToken(18), brand: viewer.brand, customerId: viewer.customerId, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  // Two first adds raced for a customer: use the list the other one created.
  const existing = await findViewerWishlist(db, viewer);
  if (!existing) throw new WishlistError("WISHLIST_NOT_FOUND");
  return existing;
}

/** Account deletion: the customer's list goes with their personal data. */
export async function deleteCustomerWishlist(db: Db, customerId: number): Promise<void> {
  await db.delete(wishlists).where(eq(wishlists.customerId, customerId));
}

/** Guest lists nobody touched for 30 days (the cookie lasts 7) can never be reached again. */
export async function pruneGuestWishlists(db: Db, clock: Clock): Promise<void> {
  const cutoff = new Date(clock.now().getTime() - 30 * 86_400_000);
  await db.delete(wishlists).where(and(isNull(wishlists.customerId), lt(wishlists.updatedAt, cutoff)));
}
