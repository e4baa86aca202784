import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type FlightDirection, travelFlights } from "../inventory/schema";

/**
 * A flight of the schedule as a booking needs it: where, when, its price difference and the seats
 * left. Seats are sold and given back through inventory (../inventory/kinds/flight-seats.ts).
 */
export interface ScheduledFlight {
  id: number;
  dealId: number;
  direction: FlightDirection;
  flightNumber: string;
  departureAirport: string;
  arrivalAirport: string;
  departsAt: Date;
  arrivesAt: Date;
  flightDate: string;
  priceDiff: number;
  seatsLeft: number;
}

/** The flight pair a shopper chose (ids of travel_flights rows). */
export interface FlightChoice {
  outboundFlightId: number;
  inboundFlightId: number;
}

/** A checked pair as the basket line and the order line keep it (spec §3 Flight; priceDiff per passenger). */
export interface PricedFlights extends FlightChoice {
  departureAirport: string;
  arrivalAirport: string;
  priceDiff: number;
}

export type FlightProblem =
  /** A choose-your-flight stay without a flight pair. */
  | "FLIGHTS_REQUIRED"
  /** Not this deal's flights for these dates, or too few seats left for the passengers. */
  | "FLIGHTS_UNAVAILABLE";

export async function loadFlights(db: Db, ids: readonly number[]): Promise<Map<number, ScheduledFlight>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: travelFlights.id,
      dealId: travelFlights.dealId,
      direction: travelFlights.direction,
      flightNumber: travelFlights.flightNumber,
      departureAirport: travelFlights.departureAirport,
      arrivalAirport: travelFlights.arrivalAirport,
      departsAt: travelFlights.departsAt,
      arrivesAt: travelFlights.arrivesAt,
      flightDate: travelFlights.flightDate,
      priceDiff: travelFlights.priceDiff,
      seatsLeft: sql<number>`(${travelFlights.seats} - ${travelFlights.seatsSold})::int`,
    })
    .from(travelFlights)
    .where(inArray(travelFlights.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Whether a chosen pair fits the stay: the deal's own outbound flight on the check-in day and
 * inbound flight on the check-out day, back from where the outbound one landed, each with a seat
 * for every passenger. The pair's price difference is per passenger (outbound plus inbound).
 */
export function checkFlightPair(
  choice: FlightChoice | null,
  flights: ReadonlyMap<number, ScheduledFlight>,
  stay: { dealId: number; checkIn: string; checkOut: string; guests: number },
): { ok: true; flights: PricedFlights } | { ok: false; problem: FlightProblem } {
  if (!choice) return { ok: false, problem: "FLIGHTS_REQUIRED" };
  const outbound = flights.get(choice.outboundFlightId);
  const inbound = flights.get(choice.inboundFlightId);
  const fits =
    outbound !== undefined &&
    inbound !== undefined &&
    outbound.dealId === stay.dealId &&
    inbound.dealId === stay.dealId &&
    outbound.direction === "outbound" &&
    inbound.direction === "inbound" &&
    outbound.flightDate === stay.checkIn &&
    inbound.flightDate === stay.checkOut &&
    inbound.departureAirport === outbound.arrivalAirport &&
    outbound.seatsLeft >= stay.guests &&
    inbound.seatsLeft >= stay.guests;
  if (!fits) return { ok: false, problem: "FLIGHTS_UNAVAILABLE" };
  return {
    ok: true,
    flights: {
      outboundFlightId: outbound.id,
      inboundFlightId: inbound.id,
      departureAirport: outbound.departureAirport,
      arrivalAirport: outbound.arrivalAirport,
      priceDiff: outbound.priceDiff + inbound.priceDiff,
    },
  };
}
