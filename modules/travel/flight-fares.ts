import { type SQL, and, eq, inArray, or, sql } from "drizzle-orm";
import { travelFlights } from "../inventory/schema";

/**
 * The cheapest way there and back for each pair of dates: per date, direction and home airport
 * (where an outbound flight leaves from and an inbound one lands), the lowest price_diff of the
 * flights with seats for every passenger. A pair flies out and back through the same home airport.
 */
export class FareTable {
  constructor(
    private readonly outbound: Map<number, Map<string, number>>,
    private readonly inbound: Map<number, Map<string, number>>,
  ) {}

  /** Per passenger over the lead price, for out on day `out` and back on day `back` (day numbers); null when no pair has seats. */
  pair(out: number, back: number): number | null {
    const outs = this.outbound.get(out);
    const backs = this.inbound.get(back);
    if (!outs || !backs) return null;
    let best: number | null = null;
    for (const [home, there] of outs) {
      const andBack = backs.get(home);
      if (andBack === undefined) continue;
      if (best === null || there + andBack < best) best = there + andBack;
    }
    return best;
  }

  /** The table from `faresSql`'s rows, whose days count from `origin` (a day number). */
  static fromRows(rows: readonly FareRow[], origin: number): FareTable {
    const outbound = new Map<number, Map<string, number>>();
    const inbound = new Map<number, Map<string, number>>();
    for (const [isOutbound, home, offset, diff] of rows) {
      const table = isOutbound ? outbound : inbound;
      let fares = table.get(origin + offset);
      if (!fares) table.set(origin + offset, (fares = new Map()));
      fares.set(home, diff);
    }
    return new FareTable(outbound, inbound);
  }
}

/** [outbound?, home airport, day offset from the fares' first day, lowest price_diff] */
export type FareRow = [boolean, string, number, number];

/**
 * The SQL of a deal's fares between two days (`dealId`, `from`, `to`, `passengers` and `airports`
 * are SQL: columns or placeholders; `airports` a text[] or null for any): per date, direction and
 * home airport, the lowest price_diff of the flights with a seat for every passenger, as JSON rows
 * (FareRow). One range read of travel_flights_deal_date_idx.
 */
export function faresSql(dealId: SQL, from: SQL, to: SQL, passengers: SQL, airports: SQL): SQL {
  return sql`(select json_agg(json_build_array(f.outbound, f.home, f.day, f.diff)) from (
      select direction = 'outbound' as outbound, case when direction = 'outbound' then departure_airport else arrival_airport end as home,
        flight_date - ${from}::date as day, min(price_diff) as diff
      from travel_flights
      where deal_id = ${dealId} and flight_date between ${from}::date and ${to}::date and seats - seats_sold >= ${passengers}::int
        and (${airports}::text[] is null
          or (direction = 'outbound' and departure_airport = any(${airports}::text[]))
          or (direction = 'inbound' and arrival_airport = any(${airports}::text[])))
      group by 1, 2, 3) f)`;
}

/** Outbound flights leaving from, and inbound ones landing at, the chosen airports. */
export function homeFilter(airports: readonly string[] | null) {
  if (airports === null) return undefined;
  return or(
    and(eq(travelFlights.direction, "outbound"), inArray(travelFlights.departureAirport, [...airports])),
    and(eq(travelFlights.direction, "inbound"), inArray(travelFlights.arrivalAirport, [...airports])),
  );
}
