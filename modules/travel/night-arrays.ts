import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/query-rows";
import type { NightAvailability } from "./stay-rules";
import { dayNumber } from "./travel-dates";

export const FLAG_ARRIVAL = 1;
export const FLAG_DEPARTURE = 2;
export const FLAG_SALE = 4;

/**
 * One product's nights over a window as parallel arrays (night by night, ascending): what
 * `loadNightAvailability` answers, packed so a year of nights costs a few arrays instead of
 * hundreds of rows to read (one JSON value per product). `offsets` are days from the window's first day.
 */
export interface NightArrays {
  offsets: number[];
  prices: number[];
  vipPrices: (number | null)[];
  /** FLAG_ARRIVAL | FLAG_DEPARTURE | FLAG_SALE */
  flags: number[];
  minStays: number[];
  maxStays: number[];
  unitsLeft: number[];
  /** Additional cost text, only for the nights in `textFrom`–`textTo` (null elsewhere). */
  texts: (string | null)[];
}

interface Row {
  product_id: number;
  /** JSON (parsed natively, far cheaper than PostgreSQL array text for a year of nights). */
  nights: NightArrays | string;
}

/**
 * The rates and what is left of dated products from `from` to `to` (inclusive), one row per
 * product: units left are capacity − sold (inventory_nights) − every basket's live holds, the same
 * rule as `loadNightAvailability` (night-availability.ts; a test holds the two equal). For the
 * calendar, whose answer is the same for everyone, so no basket's own holds are set aside.
 * Reads the primary keys of travel_rates and inventory_nights and stock_reservations_product_idx.
 */
export async function loadNightArrays(
  db: Db,
  request: { productIds: readonly number[]; from: string; to: string; now: Date; textFrom?: string; textTo?: string },
): Promise<Map<number, NightArrays>> {
  const result = new Map<number, NightArrays>();
  if (request.productIds.length === 0) return result;
  const ids = sql.join(
    request.productIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const textFrom = request.textFrom ?? request.from;
  const textTo = request.textTo ?? request.to;
  const rows = await queryRows<Row>(
    db,
    sql`select r.product_id, json_build_object(
          'offsets', array_agg(r.night - ${request.from}::date order by r.night),
          'prices', array_agg(r.price order by r.night),
          'vipPrices', array_agg(r.vip_price order by r.night),
          'flags', array_agg((r.open_for_arrival::int | (r.open_for_departure::int << 1) | (r.open_for_sale::int << 2)) order by r.night),
          'minStays', array_agg(r.min_length_of_stay order by r.night),
          'maxStays', array_agg(r.max_length_of_stay order by r.night),
          'unitsLeft', array_agg(greatest(coalesce(i.capacity, 0) - coalesce(i.sold, 0) - coalesce(h.units, 0), 0) order by r.night),
          'texts', array_agg(case when r.night between ${textFrom}::date and ${textTo}::date then r.additional_cost_text end order by r.night)
        ) as nights
        from travel_rates r
        left join inventory_nights i on i.product_id = r.product_id and i.night = r.night
        left join (
          select product_id, night, sum(quantity)::int as units from stock_reservations
          where product_id in (${ids}) and night between ${request.from}::date and ${request.to}::date and expires_at > ${request.now.toISOString()}::timestamptz
          group by product_id, night
        ) h on h.product_id = r.product_id and h.night = r.night
        where r.product_id in (${ids}) and r.night between ${request.from}::date and ${request.to}::date
        group by r.product_id`,
  );
  for (const row of rows) {
    result.set(Number(row.product_id), typeof row.nights === "string" ? (JSON.parse(row.nights) as NightArrays) : row.nights);
  }
  return result;
}

/** The same arrays from `loadNightAvailability`'s map (tests, and callers that already hold one). */
export function nightArraysFrom(nights: ReadonlyMap<string, NightAvailability> | undefined, first: string): NightArrays {
  const sorted = [...(nights?.values() ?? [])].sort((a, b) => a.night.localeCompare(b.night));
  const start = dayNumber(first);
  return {
    offsets: sorted.map((night) => dayNumber(night.night) - start),
    prices: sorted.map((night) => night.price),
    vipPrices: sorted.map((night) => night.vipPrice),
    flags: sorted.map((night) => (night.openForArrival ? FLAG_ARRIVAL : 0) | (night.openForDeparture ? FLAG_DEPARTURE : 0) | (night.openForSale ? FLAG_SALE : 0)),
    minStays: sorted.map((night) => night.minLengthOfStay),
    maxStays: sorted.map((night) => night.maxLengthOfStay),
    unitsLeft: sorted.map((night) => night.unitsLeft),
    texts: sorted.map((night) => night.additionalCostText),
  };
}
