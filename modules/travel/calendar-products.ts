import type { Db } from "../../db/client";
import type { CountryCode } from "../../lib/brand";
import { perPerson, travelScope } from "./availability";
import type { CalendarProductView, FlightOption } from "./availability-types";
import { flightPairs } from "./flights";
import { loadNightAvailability } from "./night-availability";
import { LONGEST_STAY } from "./stay-index";
import { addDays, checkStay, daysBetween } from "./stay-rules";
import { stayCharge } from "./stay-charge";
import { productView } from "./travel-deal";
import { dayNumber, parseTravelDate } from "./travel-dates";
import { TRAVEL_MESSAGES, travelError } from "./errors";

export interface CalendarProductsRequest {
  dealId: number;
  countryCode: CountryCode;
  now: Date;
  /** Check-in (startDate is the same), YYYY-MM-DD or a date form of spec §9. */
  checkIn?: string;
  /** Check-out, or the nights from check-in. */
  checkOut?: string;
  nights?: number;
  quantity?: number;
  departureAirport?: string;
  /** Only this option. */
  productId?: number;
}

/** An option that can be booked for the dates, priced for all its rooms and passengers. */
export interface CalendarProductOffer extends CalendarProductView {
  rooms: number;
  /** What the booking is charged (`stayCharge`): the stay for every room, the cheapest flights for every passenger on choose-your-flight options, and the admin fee. */
  price: number;
  /** The same at VIP prices; null when the deal has none or it is not lower. */
  vipPrice: number | null;
  pricePerPerson: number;
  vipPricePerPerson: number | null;
  /** The mandatory admin fee included in the prices (0 when the option has none). */
  adminFee: number;
  /** Per passenger over the lead price for the cheapest flights (0 without flights). */
  flightPriceDiff: number;
  /** The cheapest flights for the dates (choose-your-flight options), else null. */
  flight: FlightOption | null;
  additionalCostText: string | null;
}

export interface CalendarProductsResponse {
  checkIn: string;
  checkOut: string;
  nights: number;
  quantity: number;
  products: CalendarProductOffer[];
  /** 'Sorry, no products available for selected dates...' when the list is empty. */
  message: string | null;
}

/**
 * The calendar-products call (spec §7): which of a travel deal's options can be booked from
 * check-in to check-out for the passengers, each priced by the stay rules (`checkStay`, the same
 * rule the basket applies) and, for choose-your-flight options, with the cheapest flights from the
 * chosen airport. Nothing bookable is an answer with the spec's message, not an error; a missing
 * or unreal date is a 400 with the spec's dates message.
 */
export async function calendarProducts(db: Db, request: CalendarProductsRequest): Promise<CalendarProductsResponse> {
  if (request.checkIn === undefined || request.checkIn.trim() === "") throw travelError("DATES_REQUIRED");
  const checkIn = parseTravelDate(request.checkIn);
  if (!checkIn) throw travelError("INVALID_DATE");
  let checkOut: string | null;
  if (request.checkOut !== undefined && request.checkOut.trim() !== "") {
    checkOut = parseTravelDate(request.checkOut);
    if (!checkOut) throw travelError("INVALID_STAY");
  } else if (request.nights !== undefined) {
    if (!Number.isInteger(request.nights) || request.nights < 1 || request.nights > LONGEST_STAY) throw travelError("INVALID_NIGHTS");
    checkOut = addDays(checkIn, request.nights);
  } else {
    throw travelError("CHECK_OUT_REQUIRED");
  }
  const nights = daysBetween(checkIn, checkOut);
  if (nights < 1 || nights > LONGEST_STAY) throw travelError("INVALID_STAY");

  const scope = await travelScope(db, request);
  const answer = (products: CalendarProductOffer[]): CalendarProductsResponse => ({
    checkIn,
    checkOut,
    nights,
    quantity: scope.passengers,
    products,
    message: products.length === 0 ? TRAVEL_MESSAGES.NOT_AVAILABLE : null,
  });
  if (dayNumber(checkIn) < scope.firstArrival) return answer([]);

  const rates = await loadNightAvailability(db, {
    productIds: scope.products.map((product) => product.productId),
    from: checkIn,
    to: checkOut,
    now: request.now,
  });
  const needsFlights = scope.products.some((product) => product.withFlights);
  const [cheapestPair] = needsFlights
    ? await flightPairs(db, { dealId: scope.deal.id, out: checkIn, back: checkOut, passengers: scope.passengers, airports: scope.airports })
    : [];

  const offers: CalendarProductOffer[] = [];
  for (const product of scope.products) {
    const stay = checkStay({ checkIn, checkOut, guests: scope.passengers, basis: product.priceBasis, nights: rates.get(product.productId) ?? new Map() });
    if (!stay.ok) continue;
    if (product.withFlights && !cheapestPair) continue;
    const flightDiff = product.withFlights ? cheapestPair.leadPriceDiff : 0;
    const flightsPrice = flightDiff * scope.passengers;
    const price = stayCharge({ roomsPrice: stay.price, flightsPrice, adminFee: product.adminFee });
    const vipTotal = stayCharge({ roomsPrice: stay.vipPrice, flightsPrice, adminFee: product.adminFee });
    const vipPrice = scope.deal.vipDiscountAllowed && vipTotal < price ? vipTotal : null;
    offers.push({
      ...productView(product),
      rooms: stay.rooms,
      price,
      vipPrice,
      pricePerPerson: perPerson(price, scope.passengers),
      vipPricePerPerson: vipPrice === null ? null : perPerson(vipPrice, scope.passengers),
      adminFee: product.adminFee,
      flightPriceDiff: flightDiff,
      flight: product.withFlights ? { ...withoutLead(cheapestPair) } : null,
      additionalCostText: rates.get(product.productId)?.get(checkIn)?.additionalCostText ?? null,
    });
  }
  return answer(offers);
}

function withoutLead(pair: FlightOption & { leadPriceDiff: number }): FlightOption {
  const { leadPriceDiff: _lead, ...option } = pair;
  return option;
}
