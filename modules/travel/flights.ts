import { and, eq, gte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CountryCode } from "../../lib/brand";
import { type TravelScope, travelScope } from "./availability";
import type { FlightJourney, FlightOption } from "./availability-types";
import { homeFilter } from "./flight-fares";
import { loadNightAvailability } from "./night-availability";
import { travelFlights } from "../inventory/schema";
import { LONGEST_STAY } from "./stay-index";
import { addDays, daysBetween } from "./stay-rules";
import { dayNumber } from "./travel-dates";
import { travelError } from "./errors";
import { parseTravelDate } from "./travel-dates";

/** A pair of flights with its price per passenger over the deal's lead price. */
export interface PricedFlightPair extends FlightOption {
  /** Per passenger over the lead price (the package price includes the cheapest route's off-peak fare). */
  leadPriceDiff: number;
}

/**
 * Every pair of flights out on `out` and back on `back` through the same home airport, each with
 * seats for every passenger, cheapest first (then earliest out). priceDiff is per passenger
 * against the cheapest pair, so the first pair's is 0. One indexed read
 * (travel_flights_deal_date_idx).
 */
export async function flightPairs(
  db: Db,
  request: { dealId: number; out: string; back: string; passengers: number; airports: readonly string[] | null },
): Promise<PricedFlightPair[]> {
  const rows = await db
    .select({
      id: travelFlights.id,
      direction: travelFlights.direction,
      flightNumber: travelFlights.flightNumber,
      departureAirport: travelFlights.departureAirport,
      arrivalAirport: travelFlights.arrivalAirport,
      departsAt: travelFlights.departsAt,
      arrivesAt: travelFlights.arrivesAt,
      priceDiff: travelFlights.priceDiff,
    })
    .from(travelFlights)
    .where(
      and(
        eq(travelFlights.dealId, request.dealId),
        or(
          and(eq(travelFlights.direction, "outbound"), eq(travelFlights.flightDate, request.out)),
          and(eq(travelFlights.direction, "inbound"), eq(travelFlights.flightDate, request.back)),
        ),
        gte(sql`${travelFlights.seats} - ${travelFlights.seatsSold}`, request.passengers),
        homeFilter(request.airports),
      ),
    );
  const outbound = rows.filter((row) => row.direction === "outbound");
  const inbound = rows.filter((row) => row.direction === "inbound");
  const pairs: Omit<PricedFlightPair, "priceDiff">[] = [];
  for (const there of outbound) {
    for (const back of inbound) {
      // Home the same way: back into the airport the shopper left from, after landing out there.
      if (back.arrivalAirport !== there.departureAirport || back.departsAt <= there.arrivesAt) continue;
      pairs.push({
        departureAirport: there.departureAirport,
        arrivalAirport: there.arrivalAirport,
        outboundJourney: journey(there),
        inboundJourney: journey(back),
        leadPriceDiff: there.priceDiff + back.priceDiff,
      });
    }
  }
  pairs.sort((a, b) => a.leadPriceDiff - b.leadPriceDiff || a.outboundJourney.departsAt.localeCompare(b.outboundJourney.departsAt) || a.outboundJourney.flightId - b.outboundJourney.flightId);
  const cheapest = pairs[0]?.leadPriceDiff ?? 0;
  return pairs.map((pair) => ({ ...pair, priceDiff: pair.leadPriceDiff - cheapest }));
}

function journey(row: { id: number; flightNumber: string; departureAirport: string; arrivalAirport: string; departsAt: Date; arrivesAt: Date }): FlightJourney {
  return {
    flightId: row.id,
    flightNumber: row.flightNumber,
    departureAirport: row.departureAirport,
    arrivalAirport: row.arrivalAirport,
    departsAt: row.departsAt.toISOString(),
    arrivesAt: row.arrivesAt.toISOString(),
  };
}

export interface FlightsRequest {
  dealId: number;
  countryCode: CountryCode;
  now: Date;
  /** The day out (YYYY-MM-DD, or a date form of spec §9). */
  date: string;
  /** The day back, or the nights away; default the shortest package arriving that day. */
  checkOut?: string;
  nights?: number;
  quantity?: number;
  departureAirport?: string;
}

export interface FlightsResponse {
  date: string;
  checkOut: string;
  nights: number;
  flights: FlightOption[];
}

/** A date's cheapest pair (GET /v1/flights/cheapest/…): null answers 204. */
export interface CheapestFlightResponse {
  date: string;
  checkOut: string;
  nights: number;
  flight: FlightOption;
  /** Per passenger over the lead price: what choosing these dates adds to the deal's price for flights. */
  leadPriceDiff: number;
}

/** The dates and scope of a flights call, or null when nothing can fly (past day, no package that day). */
async function flightDates(db: Db, request: FlightsRequest): Promise<{ scope: TravelScope; out: string; back: string; nights: number } | null> {
  const out = parseTravelDate(request.date);
  if (!out) throw travelError("INVALID_DATE");
  if (request.nights !== undefined && (!Number.isInteger(request.nights) || request.nights < 1 || request.nights > LONGEST_STAY)) throw travelError("INVALID_NIGHTS");
  let back: string | null = null;
  if (request.checkOut !== undefined) {
    back = parseTravelDate(request.checkOut);
    if (!back) throw travelError("INVALID_DATE");
    const length = daysBetween(out, back);
    if (length < 1 || length > LONGEST_STAY) throw travelError("INVALID_STAY");
  }
  const scope = await travelScope(db, request);
  const packages = scope.deal.products.filter((product) => product.withFlights);
  if (packages.length === 0) throw travelError("NO_FLIGHTS");
  if (dayNumber(out) < scope.firstArrival) return null;
  if (back === null && request.nights !== undefined) back = addDays(out, request.nights);
  if (back === null) {
    // The shortest package that takes arrivals that day.
    const nights = await loadNightAvailability(db, { productIds: packages.map((p) => p.productId), from: out, to: out, now: request.now });
    const lengths = packages.map((p) => nights.get(p.productId)?.get(out)).filter((night) => night?.openForArrival).map((night) => night!.minLengthOfStay);
    if (lengths.length === 0) return null;
    back = addDays(out, Math.min(...lengths));
  }
  return { scope, out, back, nights: daysBetween(out, back) };
}

/**
 * GET /v1/flights/{dealId}/{date}: the flight pairs for a choose-your-flight deal's dates from the
 * chosen airport ('Any London' is the London group), with seats for every passenger, cheapest first,
 * priceDiff per passenger against the cheapest. An empty list when none fly (spec: "no alternative
 * flights").
 */
export async function flightsForDate(db: Db, request: FlightsRequest): Promise<FlightsResponse> {
  const dates = await flightDates(db, request);
  if (!dates) {
    const date = parseTravelDate(request.date)!;
    return { date, checkOut: addDays(date, request.nights ?? 1), nights: request.nights ?? 1, flights: [] };
  }
  const pairs = await flightPairs(db, { dealId: dates.scope.deal.id, out: dates.out, back: dates.back, passengers: dates.scope.passengers, airports: dates.scope.airports });
  return { date: dates.out, checkOut: dates.back, nights: dates.nights, flights: pairs.map(({ leadPriceDiff: _lead, ...option }) => option) };
}

/** GET /v1/flights/cheapest/{dealId}/{date}: the cheapest pair for the date, or null (204) when none fly. */
export async function cheapestFlight(db: Db, request: FlightsRequest): Promise<CheapestFlightResponse | null> {
  const dates = await flightDates(db, request);
  if (!dates) return null;
  const [cheapest] = await flightPairs(db, { dealId: dates.scope.deal.id, out: dates.out, back: dates.back, passengers: dates.scope.passengers, airports: dates.scope.airports });
  if (!cheapest) return null;
  const { leadPriceDiff, ...flight } = cheapest;
  return { date: dates.out, checkOut: dates.back, nights: dates.nights, flight, leadPriceDiff };
}
