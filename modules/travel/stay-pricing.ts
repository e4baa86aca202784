import type { Db } from "../../db/client";
import { checkFlightPair, type FlightChoice, type FlightProblem, loadFlights, type PricedFlights } from "./flight-seats";
import { loadNightAvailability } from "./night-availability";
import { checkStay, type StayProblem } from "./stay-rules";
import { findTravelProducts, type TravelProduct } from "./travel-products";

/** A dated stay to price: a basket line's product, dates, passengers and flights. */
export interface StayRequest {
  /** The caller's key for the answer (a basket line id). */
  key: number;
  productId: number;
  dealId: number;
  checkIn: string;
  checkOut: string;
  guests: number;
  flights: FlightChoice | null;
}

export type StayPricingProblem = StayProblem | FlightProblem;

/** What a stay costs for all its rooms (and flights for all its passengers), or why it cannot be sold. */
export type PricedStay =
  | {
      ok: true;
      nights: string[];
      rooms: number;
      /** The rooms (or packages) for every night, minor units. */
      price: number;
      vipPrice: number;
      /** The chosen flights, or null when the product has none. */
      flights: PricedFlights | null;
      /** The flights' price difference for every passenger (may be negative: a cheaper pair). */
      flightsPrice: number;
      /** The fewest units left on any night of the stay, after this stay's rooms (limited availability). */
      unitsLeftAfter: number;
    }
  | { ok: false; problem: StayPricingProblem; night?: string };

/**
 * Prices dated stays against the night rates and what is left (other baskets' live holds count
 * against it; pass `basketId` so the asking basket's own holds do not), and checks their flights
 * and seats. One read of the nights for all of them. Inside a transaction that locked the products
 * first, what it reads cannot be taken by another basket before the transaction ends.
 */
export async function priceStays(
  db: Db,
  requests: readonly StayRequest[],
  options: { now: Date; basketId?: number; products?: ReadonlyMap<number, TravelProduct> },
): Promise<Map<number, PricedStay>> {
  const answers = new Map<number, PricedStay>();
  if (requests.length === 0) return answers;
  const products = options.products ?? (await findTravelProducts(db, requests.map((request) => request.productId)));
  const from = requests.reduce((min, request) => (request.checkIn < min ? request.checkIn : min), requests[0].checkIn);
  const to = requests.reduce((max, request) => (request.checkOut > max ? request.checkOut : max), requests[0].checkOut);
  const flightIds = requests.flatMap((request) => (request.flights ? [request.flights.outboundFlightId, request.flights.inboundFlightId] : []));
  const [availability, flights] = await Promise.all([
    loadNightAvailability(db, { productIds: [...products.keys()], from, to, now: options.now, basketId: options.basketId }),
    loadFlights(db, flightIds),
  ]);
  for (const request of requests) {
    const product = products.get(request.productId);
    if (!product) {
      answers.set(request.key, { ok: false, problem: "NOT_OPEN_FOR_ARRIVAL", night: request.checkIn });
      continue;
    }
    const nights = availability.get(request.productId) ?? new Map();
    const stay = checkStay({ checkIn: request.checkIn, checkOut: request.checkOut, guests: request.guests, basis: product.priceBasis, nights });
    if (!stay.ok) {
      answers.set(request.key, stay);
      continue;
    }
    let chosen: PricedFlights | null = null;
    if (product.withFlights) {
      const pair = checkFlightPair(request.flights, flights, { dealId: request.dealId, checkIn: request.checkIn, checkOut: request.checkOut, guests: request.guests });
      if (!pair.ok) {
        answers.set(request.key, { ok: false, problem: pair.problem });
        continue;
      }
      chosen = pair.flights;
    }
    const unitsLeftAfter = Math.min(...stay.nights.map((night) => nights.get(night)!.unitsLeft)) - stay.rooms;
    answers.set(request.key, {
      ok: true,
      nights: stay.nights,
      rooms: stay.rooms,
      price: stay.price,
      vipPrice: stay.vipPrice,
      flights: chosen,
      flightsPrice: chosen ? chosen.priceDiff * request.guests : 0,
      unitsLeftAfter,
    });
  }
  return answers;
}
