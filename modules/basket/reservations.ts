import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { basketLines, baskets, stockReservations } from "./schema";

/** How long an added item is held for the basket unless configured otherwise (10 minutes). */
export const DEFAULT_RESERVATION_MS = 10 * 60 * 1000;

/**
 * Units of each product held by other baskets' live reservations, as a JSON array of
 * [productId, units] pairs: a fragment of the one statement that loads a basket's facts.
 */
export function unitsReservedByOthersJson(productIds: SQL, basketId: number, now: Date): SQL {
  return sql`(select coalesce(json_agg(json_build_array(r.product_id, r.units)), '[]'::json) from (
    select ${stockReservations.productId} as product_id, sum(${stockReservations.quantity})::int as units
    from ${stockReservations}
    where ${stockReservations.productId} in (${productIds}) and ${stockReservations.basketId} <> ${basketId} and ${stockReservations.expiresAt} > ${now.toISOString()}::timestamptz
    group by ${stockReservations.productId}) r)`;
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
      target: [stockReservations.basketLineId, stockReservations.night],
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

/** The basket's holds as a JSON array of [basketLineId, quantity, expiresAt] (see unitsReservedByOthersJson). */
export function basketHoldsJson(basketId: number): SQL {
  return sql`(select coalesce(json_agg(json_build_array(${stockReservations.basketLineId}, ${stockReservations.quantity}, ${stockReservations.expiresAt})), '[]'::json)
    from ${stockReservations} where ${stockReservations.basketId} = ${basketId})`;
}

/**
 * Units the customer holds in their other open baskets, as a JSON array of [dealId, productId,
 * units]: a customer cannot hold more than their purchase cap across baskets (a cap would mean
 * little if more baskets could hoard the stock).
 */
export function unitsHeldByCustomerElsewhereJson(customerId: number | null, basketId: number, dealIds: SQL, now: Date): SQL {
  if (customerId === null) return sql`'[]'::json`;
  return sql`(select coalesce(json_agg(json_build_array(h.deal_id, h.product_id, h.units)), '[]'::json) from (
    select ${basketLines.dealId} as deal_id, ${stockReservations.productId} as product_id, sum(${stockReservations.quantity})::int as units
    from ${stockReservations}
    join ${basketLines} on ${basketLines.id} = ${stockReservations.basketLineId}
    join ${baskets} on ${baskets.id} = ${stockReservations.basketId}
    where ${baskets.customerId} = ${customerId} and ${baskets.orderedAt} is null and ${stockReservations.basketId} <> ${basketId}
      and ${stockReservations.expiresAt} > ${now.toISOString()}::timestamptz and ${basketLines.dealId} in (${dealIds})
    group by ${basketLines.dealId}, ${stockReservations.productId}) h)`;
}
