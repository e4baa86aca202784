import { and, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { basketLines, baskets, stockReservations } from "./schema";

/** How long an added item is held for the basket unless configured otherwise (10 minutes). */
export const DEFAULT_RESERVATION_MS = 10 * 60 * 1000;

/** Units of each product held by other baskets' live reservations. */
export async function unitsReservedByOthers(db: Db, productIds: readonly number[], basketId: number, now: Date): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: stockReservations.productId, units: sql<number>`sum(${stockReservations.quantity})::int` })
    .from(stockReservations)
    .where(
      and(inArray(stockReservations.productId, [...productIds]), ne(stockReservations.basketId, basketId), gt(stockReservations.expiresAt, now)),
    )
    .groupBy(stockReservations.productId);
  return new Map(rows.map((row) => [row.productId, Number(row.units)]));
}

/** Holds `quantity` units of a line's product until `expiresAt` (replacing the line's earlier hold). */
export async function holdStock(
  tx: Db,
  hold: { basketId: number; basketLineId: number; productId: number; quantity: number; expiresAt: Date },
): Promise<void> {
  await tx
    .insert(stockReservations)
    .values(hold)
    .onConflictDoUpdate({
      target: stockReservations.basketLineId,
      set: { quantity: hold.quantity, expiresAt: hold.expiresAt, productId: hold.productId },
    });
}

export async function releaseLineHold(tx: Db, basketLineId: number): Promise<void> {
  await tx.delete(stockReservations).where(eq(stockReservations.basketLineId, basketLineId));
}

/** Drops every hold of a basket (its order took the stock, or it was emptied). */
export async function releaseBasketHolds(tx: Db, basketId: number): Promise<void> {
  await tx.delete(stockReservations).where(eq(stockReservations.basketId, basketId));
}

export async function basketHolds(db: Db, basketId: number): Promise<Map<number, { quantity: number; expiresAt: Date }>> {
  const rows = await db.select().from(stockReservations).where(eq(stockReservations.basketId, basketId));
  return new Map(rows.map((row) => [row.basketLineId, { quantity: row.quantity, expiresAt: row.expiresAt }]));
}

/**
 * Units the customer holds in their other open baskets, by deal and by product: a customer cannot
 * hold more than their purchase cap across baskets (a cap would mean little if more baskets could
 * hoard the stock).
 */
export async function unitsHeldByCustomerElsewhere(
  db: Db,
  customerId: number | null,
  basketId: number,
  dealIds: readonly number[],
  now: Date,
): Promise<{ unitsByDeal: Map<number, number>; unitsByProduct: Map<number, number> }> {
  const held = { unitsByDeal: new Map<number, number>(), unitsByProduct: new Map<number, number>() };
  if (customerId === null || dealIds.length === 0) return held;
  const rows = await db
    .select({ dealId: basketLines.dealId, productId: stockReservations.productId, units: sql<number>`sum(${stockReservations.quantity})::int` })
    .from(stockReservations)
    .innerJoin(basketLines, eq(basketLines.id, stockReservations.basketLineId))
    .innerJoin(baskets, eq(baskets.id, stockReservations.basketId))
    .where(
      and(
        eq(baskets.customerId, customerId),
        isNull(baskets.orderedAt),
        ne(stockReservations.basketId, basketId),
        gt(stockReservations.expiresAt, now),
        inArray(basketLines.dealId, [...dealIds]),
      ),
    )
    .groupBy(basketLines.dealId, stockReservations.productId);
  for (const row of rows) {
    if (row.dealId === null) continue;
    held.unitsByDeal.set(row.dealId, (held.unitsByDeal.get(row.dealId) ?? 0) + Number(row.units));
    held.unitsByProduct.set(row.productId, Number(row.units));
  }
  return held;
}
