import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { products } from "../catalog/schema";
import { inventoryNights, stockReservations } from "../inventory/schema";
import type { vouchers } from "../vouchers/schema";

export interface GiftOption {
  productId: number;
  name: string;
  /** Today's price, minor units of the voucher's currency. */
  price: number;
  /** The option the buyer chose. */
  current: boolean;
}

/**
 * The options of the gift's deal the recipient may take instead of the one bought
 * (docs/decisions/gifts-claiming.md): the one bought, and any other on sale now at the same or a
 * lower price with a unit left that no basket holds. Not for goods (their parcel is already the
 * buyer's order) nor dated stays (the nights are booked with the option).
 */
export async function giftOptions(db: Db, voucher: Pick<typeof vouchers.$inferSelect, "dealId" | "productId" | "productName" | "physical">, now: Date): Promise<GiftOption[]> {
  const held = sql<number>`coalesce((select sum(${stockReservations.quantity}) from ${stockReservations}
    where ${stockReservations.productId} = ${products.id} and ${stockReservations.expiresAt} > ${now.toISOString()}::timestamptz), 0)::int`;
  const dated = sql<boolean>`exists (select 1 from ${inventoryNights} where ${inventoryNights.productId} = ${products.id})`;
  const rows = await db
    .select({ id: products.id, name: products.friendlyName, price: products.price, remaining: products.totalRemaining, soldOut: products.soldOut, vipExclusive: products.vipExclusive, held, dated })
    .from(products)
    .where(and(eq(products.dealId, voucher.dealId), eq(products.visible, true), eq(products.disabled, false)))
    .orderBy(asc(products.sortOrder), asc(products.id));
  const bought = rows.find((row) => row.id === voucher.productId);
  if (!bought || voucher.physical || bought.dated) return [{ productId: voucher.productId, name: voucher.productName, price: bought?.price ?? 0, current: true }];
  return rows
    .filter((row) => row.id === bought.id || (row.price <= bought.price && !row.soldOut && !row.vipExclusive && !row.dated && (row.remaining === null || row.remaining - row.held > 0)))
    .map((row) => ({ productId: row.id, name: row.id === bought.id ? voucher.productName : row.name, price: row.price, current: row.id === bought.id }));
}
