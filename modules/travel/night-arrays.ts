import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedStatement } from "../../db/prepared";
import type { NightAvailability } from "./stay-rules";
import { dayNumber } from "./travel-dates";

export const FLAG_ARRIVAL = 1;
export const FLAG_DEPARTURE = 2;
export const FLAG_SALE = 4;

/**
 * One product's nights over a window as parallel arrays (night by night, ascending): what
 * `loadNightAvailability` answers, packed so a year of nights costs a few arrays instead of
 * hundreds of rows to read. `offsets` are days from the window's first day.
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
  texts: (string | null)[];
}

/** How the nights of one product come out of SQL: rates, rooms and live holds apart. */
export interface PackedNights {
  rates: { offsets: number[]; prices: number[]; vipPrices: (number | null)[]; flags: number[]; minStays: number[]; maxStays: number[]; texts: (string | null)[] } | null;
  rooms: { offsets: number[]; left: number[] } | null;
  holds: { offset: number; units: number }[] | null;
}

/** A product's stay rules only (arrival, departure, sale, min and max stay), for a year at a time. */
export interface PackedRules {
  offsets: number[] | null;
  flags: number[] | null;
  minStays: number[] | null;
  maxStays: number[] | null;
}

/**
 * The SQL of one product's packed nights from `from` to `to` (inclusive) — `productId`, `from`,
 * `to` and `now` are SQL (columns or placeholders). Each part is a range read of a primary key
 * (travel_rates, inventory_nights) or of stock_reservations_product_idx, already in night order,
 * so a month costs a few buffer reads rather than a probe per night; units left are capacity −
 * sold − every basket's live holds (the rule of `loadNightAvailability`, night-availability.ts).
 */
export function packedNightsSql(productId: SQL, from: SQL, to: SQL, now: SQL): SQL {
  return sql`json_build_object(
    'rates', (select json_build_object(
        'offsets', array_agg(r.night - ${from}::date), 'prices', array_agg(r.price), 'vipPrices', array_agg(r.vip_price),
        'flags', array_agg(r.open_for_arrival::int | (r.open_for_departure::int << 1) | (r.open_for_sale::int << 2)),
        'minStays', array_agg(r.min_length_of_stay), 'maxStays', array_agg(r.max_length_of_stay), 'texts', array_agg(r.additional_cost_text))
      from (select * from travel_rates where product_id = ${productId} and night between ${from}::date and ${to}::date order by night) r),
    'rooms', (select json_build_object('offsets', array_agg(i.night - ${from}::date), 'left', array_agg(i.capacity - i.sold))
      from (select * from inventory_nights where product_id = ${productId} and night between ${from}::date and ${to}::date order by night) i),
    'holds', (select json_agg(json_build_object('offset', s.night - ${from}::date, 'units', s.quantity))
      from stock_reservations s where s.product_id = ${productId} and s.expires_at > ${now}::timestamptz and s.night between ${from}::date and ${to}::date)
  )`;
}

/** The SQL of one product's stay rules from `from` to `to`: one range read of travel_rates' primary key. */
export function packedRulesSql(productId: SQL, from: SQL, to: SQL): SQL {
  return sql`(select json_build_object(
      'offsets', array_agg(r.night - ${from}::date),
      'flags', array_agg(r.open_for_arrival::int | (r.open_for_departure::int << 1) | (r.open_for_sale::int << 2)),
      'minStays', array_agg(r.min_length_of_stay), 'maxStays', array_agg(r.max_length_of_stay))
    from (select night, open_for_arrival, open_for_departure, open_for_sale, min_length_of_stay, max_length_of_stay
          from travel_rates where product_id = ${productId} and night between ${from}::date and ${to}::date order by night) r)`;
}

const parse = <T>(value: T | string | null): T | null => (typeof value === "string" ? (JSON.parse(value) as T) : value);

/** Unpacks one product's nights: units left per night after rooms sold and held. */
export function unpackNights(packed: PackedNights | string | null): NightArrays | undefined {
  const value = parse(packed);
  const rates = value?.rates;
  if (!value || !rates || !rates.offsets) return undefined;
  const left = new Map<number, number>();
  value.rooms?.offsets?.forEach((offset, k) => left.set(offset, value.rooms!.left[k]));
  for (const hold of value.holds ?? []) left.set(hold.offset, (left.get(hold.offset) ?? 0) - hold.units);
  return {
    offsets: rates.offsets,
    prices: rates.prices,
    vipPrices: rates.vipPrices,
    flags: rates.flags,
    minStays: rates.minStays,
    maxStays: rates.maxStays,
    unitsLeft: rates.offsets.map((offset) => Math.max(left.get(offset) ?? 0, 0)),
    texts: rates.texts,
  };
}

/** Rooms a night counts as having when only the rules are asked about. */
const ANY_ROOMS = 1_000_000;

/** Unpacks one product's rules as nights with every room free and no prices (for which days take stays at all). */
export function unpackRules(packed: PackedRules | string | null): NightArrays | undefined {
  const value = parse(packed);
  if (!value || !value.offsets) return undefined;
  const none = value.offsets.map(() => null);
  return {
    offsets: value.offsets,
    prices: value.offsets.map(() => 0),
    vipPrices: none,
    flags: value.flags!,
    minStays: value.minStays!,
    maxStays: value.maxStays!,
    unitsLeft: value.offsets.map(() => ANY_ROOMS),
    texts: none,
  };
}

const nightsStatement = preparedStatement((db: Db) =>
  db
    .select({
      productId: sql<number>`p.id`,
      nights: sql<PackedNights>`${packedNightsSql(sql`p.id`, sql`${sql.placeholder("from")}`, sql`${sql.placeholder("to")}`, sql`${sql.placeholder("now")}`)}`,
    })
    .from(sql`unnest(${sql.placeholder("ids")}::int[]) as p(id)`)
    .prepare("travel_night_arrays"),
);

/**
 * The rates and what is left of dated products from `from` to `to` (inclusive), packed per
 * product (one prepared statement). Every basket's live holds count: for the calendar, whose
 * answer is the same for everyone.
 */
export async function loadNightArrays(
  db: Db,
  request: { productIds: readonly number[]; from: string; to: string; now: Date },
): Promise<Map<number, NightArrays>> {
  const result = new Map<number, NightArrays>();
  if (request.productIds.length === 0) return result;
  const rows = await nightsStatement(db).execute({ ids: [...request.productIds], from: request.from, to: request.to, now: request.now.toISOString() });
  for (const row of rows) {
    const nights = unpackNights(row.nights);
    if (nights) result.set(Number(row.productId), nights);
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
