import { and, between, eq, gte, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/query-rows";
import { travelFlights } from "./schema";
import { dayNumber } from "./travel-dates";

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
}

/** The home airport of a flight: where an outbound one leaves, where an inbound one lands. */
const homeAirport = sql<string>`case when ${travelFlights.direction} = 'outbound' then ${travelFlights.departureAirport} else ${travelFlights.arrivalAirport} end`;

/**
 * One indexed read (travel_flights_deal_date_idx) of a deal's fares between two days, grouped per
 * date, direction and home airport, packed into one row per direction and home airport.
 */
export async function loadFlightFares(
  db: Db,
  request: { dealId: number; from: string; to: string; passengers: number; airports: readonly string[] | null },
): Promise<FareTable> {
  const rows = await queryRows<{ direction: string; home: string; days: number[]; diffs: number[] }>(
    db,
    sql`select direction, home, array_agg(flight_date - ${request.from}::date order by flight_date) as days, array_agg(diff order by flight_date) as diffs
        from (
          select ${travelFlights.flightDate} as flight_date, ${travelFlights.direction} as direction, ${homeAirport} as home, min(${travelFlights.priceDiff})::int as diff
          from ${travelFlights}
          where ${and(
            eq(travelFlights.dealId, request.dealId),
            between(travelFlights.flightDate, request.from, request.to),
            gte(sql`${travelFlights.seats} - ${travelFlights.seatsSold}`, request.passengers),
            homeFilter(request.airports),
          )}
          group by 1, 2, 3
        ) fares
        group by direction, home`,
  );
  const outbound = new Map<number, Map<string, number>>();
  const inbound = new Map<number, Map<string, number>>();
  const origin = dayNumber(request.from);
  for (const row of rows) {
    const table = row.direction === "outbound" ? outbound : inbound;
    row.days.forEach((offset, k) => {
      const day = origin + Number(offset);
      let fares = table.get(day);
      if (!fares) table.set(day, (fares = new Map()));
      fares.set(row.home, Number(row.diffs[k]));
    });
  }
  return new FareTable(outbound, inbound);
}

/** Outbound flights leaving from, and inbound ones landing at, the chosen airports. */
export function homeFilter(airports: readonly string[] | null) {
  if (airports === null) return undefined;
  return or(
    and(eq(travelFlights.direction, "outbound"), inArray(travelFlights.departureAirport, [...airports])),
    and(eq(travelFlights.direction, "inbound"), inArray(travelFlights.arrivalAirport, [...airports])),
  );
}
