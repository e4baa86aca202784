import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { wishlistDeals, wishlists } from "./schema";

/**
 * At sign-in, a guest's list joins the customer's (spec: PATCH op merge). With no list of their
 * own the guest list simply becomes theirs; otherwise its deals move over and it is deleted.
 * Returns the customer's list id, or null when there was no guest list to merge.
 */
export async function mergeGuestWishlist(
  db: Db,
  clock: Clock,
  input: { brand: BrandId; guestWishlistId: string; customerId: number },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [guest] = await tx
      .select()
      .from(wishlists)
      .where(and(eq(wishlists.id, input.guestWishlistId), isNull(wishlists.customerId), eq(wishlists.brand, input.brand)))
      .for("update");
    if (!guest) return null;
    const now = clock.now();
    const [own] = await tx.select().from(wishlists).where(eq(wishlists.customerId, input.customerId)).for("update");
    if (!own) {
      await tx.update(wishlists).set({ customerId: input.customerId, updatedAt: now }).where(eq(wishlists.id, guest.id));
      return guest.id;
    }
    await tx.execute(sql`
      insert into ${wishlistDeals} (wishlist_id, deal_id, added_at)
      select ${own.id}, deal_id, added_at from ${wishlistDeals} where wishlist_id = ${guest.id}
      on conflict (wishlist_id, deal_id) do update set added_at = greatest(${wishlistDeals.addedAt}, excluded.added_at)`);
    await tx.delete(wishlists).where(eq(wishlists.id, guest.id));
    await tx.update(wishlists).set({ updatedAt: now }).where(eq(wishlists.id, own.id));
    return own.id;
  });
}
