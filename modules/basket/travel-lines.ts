import type { Db } from "../../db/client";
import type { SellableProduct } from "../catalog/sellable-products";
import type { FlightChoice } from "../travel/flight-seats";
import { type PricedStay, priceStays, type StayPricingProblem } from "../travel/stay-pricing";
import { isPassengerCount } from "../travel/stay-rules";
import { findTravelProducts } from "../travel/travel-products";
import { BasketError } from "./errors";
import type { LineFlights } from "./schema";

/**
 * What a travel line (a product sold by the night, see modules/travel) is, for pricing and rules:
 * - "dated": booked for dates and passengers now; `stay` is its price and nights, or why not.
 * - "undated": a booking-calendar-on-redemption voucher (a "calendar" deal sold without dates):
 *   priced and held like any voucher, its dates picked after purchase.
 * - "incomplete": dates or passengers missing or malformed: the shopper's message.
 * Lines of products sold without dates have none.
 */
export type LineStay =
  | { kind: "dated"; guests: number; checkIn: string; checkOut: string; stay: PricedStay }
  | { kind: "undated" }
  | { kind: "incomplete"; problem: BasketError };

/** The fields of a line a stay is read from (a stored line, or a shopper's input). */
export interface StayFields {
  checkInDate: string | null;
  checkOutDate: string | null;
  guests: number | null;
  flights: Pick<LineFlights, "outboundFlightId" | "inboundFlightId"> | null;
  bookingCalendarOnRedemption: boolean;
}

/** Spec §5 Dates: which of the two dates is missing. */
export function missingDatesProblem(checkIn: string | null, checkOut: string | null): BasketError | null {
  if (!checkIn && !checkOut) return new BasketError("TRAVEL_DATES_REQUIRED");
  if (!checkIn) return new BasketError("TRAVEL_ARRIVAL_REQUIRED");
  if (!checkOut) return new BasketError("TRAVEL_CHECK_OUT_REQUIRED");
  return null;
}

/** The shopper's message for a stay that cannot be sold (spec §8 Travel). */
export function stayProblem(problem: StayPricingProblem): BasketError {
  if (problem === "FLIGHTS_REQUIRED") return new BasketError("TRAVEL_FLIGHTS_REQUIRED");
  if (problem === "FLIGHTS_UNAVAILABLE") return new BasketError("TRAVEL_FLIGHTS_UNAVAILABLE");
  return new BasketError("TRAVEL_NOT_AVAILABLE");
}

/** May this product be sold without dates (booking calendar on redemption)? */
export function soldUndated(product: SellableProduct, fields: Pick<StayFields, "checkInDate" | "checkOutDate" | "bookingCalendarOnRedemption">): boolean {
  return product.deal.redemptionType === "calendar" && !fields.checkInDate && !fields.checkOutDate;
}

const flightChoice = (flights: StayFields["flights"]): FlightChoice | null =>
  flights && Number.isInteger(flights.outboundFlightId) && Number.isInteger(flights.inboundFlightId)
    ? { outboundFlightId: flights.outboundFlightId, inboundFlightId: flights.inboundFlightId }
    : null;

/**
 * The travel facts of basket lines (keyed by line id): for the lines whose product is sold by the
 * night, whether they are dated, undated or incomplete, and each dated stay priced against the
 * nights left (other baskets' live holds count against it, this basket's do not) and its flights.
 * Only travel deals are looked up, so a basket without one costs nothing more.
 */
export async function loadLineStays(
  db: Db,
  lines: readonly ({ id: number; productId: number | null; quantity: number } & StayFields)[],
  products: ReadonlyMap<number, SellableProduct>,
  context: { basketId: number; now: Date },
): Promise<Map<number, LineStay>> {
  const stays = new Map<number, LineStay>();
  const travelLines = lines.filter((line) => line.productId !== null && products.get(line.productId)?.deal.dealType === "travel");
  if (travelLines.length === 0) return stays;
  const dated = await findTravelProducts(db, travelLines.map((line) => line.productId!));
  const requests = [];
  for (const line of travelLines) {
    if (!dated.has(line.productId!)) continue;
    const product = products.get(line.productId!)!;
    if (soldUndated(product, line)) {
      stays.set(line.id, { kind: "undated" });
      continue;
    }
    const missing = missingDatesProblem(line.checkInDate, line.checkOutDate);
    if (missing) {
      stays.set(line.id, { kind: "incomplete", problem: missing });
      continue;
    }
    if (line.guests === null || !isPassengerCount(line.guests)) {
      stays.set(line.id, { kind: "incomplete", problem: new BasketError("TRAVEL_GUESTS_INVALID") });
      continue;
    }
    requests.push({
      key: line.id,
      productId: line.productId!,
      dealId: product.deal.id,
      checkIn: line.checkInDate!,
      checkOut: line.checkOutDate!,
      guests: line.guests,
      flights: flightChoice(line.flights),
    });
  }
  const priced = await priceStays(db, requests, { now: context.now, basketId: context.basketId, products: dated });
  for (const request of requests) {
    stays.set(request.key, { kind: "dated", guests: request.guests, checkIn: request.checkIn, checkOut: request.checkOut, stay: priced.get(request.key)! });
  }
  return stays;
}

/** The line's problem, if its stay cannot be sold as it is (a dated line holds one booking). */
export function lineStayProblem(stay: LineStay | undefined, quantity: number): BasketError | null {
  if (!stay || stay.kind === "undated") return null;
  if (stay.kind === "incomplete") return stay.problem;
  if (!stay.stay.ok) return stayProblem(stay.stay.problem);
  return quantity > 1 ? new BasketError("TRAVEL_ONE_BOOKING") : null;
}
