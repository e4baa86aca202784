import { type SQL, sql } from "drizzle-orm";
import { products } from "../catalog/schema";
import { stockReservations } from "./schema";

/*
 * What holds mean for a basket, as fragments of the one statement that loads its facts: each
 * round trip inside a transaction is time the row locks of a popular deal are held.
 */

/**
 * Units of a product one line's holds stand for: its quantity for an undated voucher (one row),
 * one booking for a dated stay (a row per night, each holding that night's rooms; the nights
 * themselves are counted by ../travel/night-availability.ts).
 */
const lineUnits = sql`case when bool_and(${stockReservations.night} is null) then sum(${stockReservations.quantity}) else 1 end`;

/** Units of each product held by other baskets' live holds, as a JSON array of [productId, units]. */
export function heldByOthersJson(productIds: SQL, basketId: number, now: Date): SQL {
  return sql`(select coalesce(json_agg(json_build_array(r.product_id, r.units)), '[]'::json) from (
    select l.product_id, sum(l.units)::int as units from (
      select ${stockReservations.productId} as product_id, ${lineUnits} as units
      from ${stockReservations}
      where ${stockReservations.productId} in (${productIds}) and ${stockReservations.basketId} <> ${basketId} and ${stockReservations.expiresAt} > ${now.toISOString()}::timestamptz
      group by ${stockReservations.productId}, ${stockReservations.basketLineId}) l
    group by l.product_id) r)`;
}

/** The basket's holds as a JSON array of [basketLineId, quantity, expiresAt] (a stay's nights: one entry, the first to run out). */
export function basketHoldsJson(basketId: number): SQL {
  return sql`(select coalesce(json_agg(json_build_array(h.line_id, h.units, h.expires_at)), '[]'::json) from (
    select ${stockReservations.basketLineId} as line_id, ${lineUnits} as units, min(${stockReservations.expiresAt}) as expires_at
    from ${stockReservations} where ${stockReservations.basketId} = ${basketId}
    group by ${stockReservations.basketLineId}) h)`;
}

/** Live holds of these baskets on these deals, as a JSON array of [dealId, productId, units]. */
export function heldInBasketsJson(basketIds: SQL, dealIds: SQL, now: Date): SQL {
  return sql`(select coalesce(json_agg(json_build_array(h.deal_id, h.product_id, h.units)), '[]'::json) from (
    select l.deal_id, l.product_id, sum(l.units)::int as units from (
      select ${products.dealId} as deal_id, ${stockReservations.productId} as product_id, ${lineUnits} as units
      from ${stockReservations}
      join ${products} on ${products.id} = ${stockReservations.productId}
      where ${stockReservations.basketId} in (${basketIds}) and ${stockReservations.expiresAt} > ${now.toISOString()}::timestamptz and ${products.dealId} in (${dealIds})
      group by ${products.dealId}, ${stockReservations.productId}, ${stockReservations.basketLineId}) l
    group by l.deal_id, l.product_id) h)`;
}

/** Units a basket could still take: what is left to sell minus other baskets' live holds (null: not limited). */
export function availableUnits(remaining: number | null, heldByOthers: number): number | null {
  return remaining === null ? null : remaining - heldByOthers;
}
