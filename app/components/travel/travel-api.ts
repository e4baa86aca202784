/**
 * The deal page's travel calls (spec §7 Travel) and a check of every answer's shape before the
 * calendar trusts it: a malformed availability answer is the calendar error (toast, blocked
 * cells; spec §8), a failed or malformed products or flights answer counts as none.
 */
import type { AvailabilityResponse, CalendarDay, CalendarProductView, FlightJourney, FlightOption, MonthAndYear } from "../../../modules/travel/availability-types";

export interface AvailabilityQuery {
  dealId: number;
  leadProductId: number | null;
  month: number | null;
  year: number | null;
  /** Passengers (2, 4, 6 or 8). */
  quantity: number;
  nights: number;
  departureAirport: string | null;
  googleHotelAds: boolean;
}

/** GET /v1/availability/deal/{dealId} (spec §7). */
export function availabilityUrl(query: AvailabilityQuery): string {
  const params = new URLSearchParams();
  if (query.leadProductId !== null) params.set("leadProductId", String(query.leadProductId));
  if (query.googleHotelAds) params.set("googleHotelAds", "true");
  if (query.month !== null && query.year !== null) {
    params.set("month", String(query.month));
    params.set("year", String(query.year));
  }
  params.set("quantity", String(query.quantity));
  if (query.departureAirport) params.set("departureAirport", query.departureAirport);
  params.set("nights", String(query.nights));
  return `/v1/availability/deal/${query.dealId}?${params}`;
}

export interface StayQuery {
  dealId: number;
  checkIn: string;
  checkOut: string;
  quantity: number;
  departureAirport: string | null;
  leadProductId: number | null;
}

/** The calendar-products call (spec §7, GET /v1/calendar-products/{dealId}): which products can be booked for the stay, and at what price. */
export function stayProductsUrl(query: StayQuery): string {
  const params = new URLSearchParams({ checkIn: query.checkIn, checkOut: query.checkOut, quantity: String(query.quantity) });
  if (query.departureAirport) params.set("departureAirport", query.departureAirport);
  if (query.leadProductId !== null) params.set("product_id", String(query.leadProductId));
  return `/v1/calendar-products/${query.dealId}?${params}`;
}

export interface FlightsQuery {
  dealId: number;
  checkIn: string;
  checkOut: string;
  quantity: number;
  departureAirport: string | null;
}

/** GET /v1/flights/{dealId}/{YYYY-MM-DD} with departureAirport and quantity (spec §7); the return date rides along. */
export function flightsUrl(query: FlightsQuery): string {
  const params = new URLSearchParams({ quantity: String(query.quantity), checkOut: query.checkOut });
  if (query.departureAirport) params.set("departureAirport", query.departureAirport);
  return `/v1/flights/${query.dealId}/${query.checkIn}?${params}`;
}

/**
 * A product the stay can be booked as (the fields of the calendar-products answer the page uses):
 * what the booking is charged for all rooms and nights, with the cheapest flights for flight
 * packages and the admin fee (the server prices it with `stayCharge`, as checkout does).
 */
export interface StayProduct {
  productId: number;
  friendlyName: string;
  price: number;
  vipPrice: number | null;
  /** The mandatory admin fee included in the prices. */
  adminFee: number;
  withFlights: boolean;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const isInt = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value);
const isMoney = (value: unknown): value is number => isInt(value) && value >= 0;
const isText = (value: unknown): value is string => typeof value === "string";
const isBool = (value: unknown): value is boolean => typeof value === "boolean";
const isDay = (value: unknown): value is string => isText(value) && /^\d{4}-\d{2}-\d{2}$/.test(value);
const nullOr = <T>(check: (value: unknown) => value is T) => (value: unknown): value is T | null => value === null || check(value);

function isCalendarDay(value: unknown): value is CalendarDay {
  return (
    isObject(value) &&
    isInt(value.date) &&
    isDay(value.dateString) &&
    nullOr(isMoney)(value.minPrice) &&
    nullOr(isMoney)(value.vipPrice) &&
    isBool(value.vipDiscountAllowed) &&
    isBool(value.openForArrival) &&
    isBool(value.openForDeparture) &&
    isBool(value.openForSale) &&
    isBool(value.dateSoldOut) &&
    isInt(value.minLengthOfStay) &&
    isInt(value.maxLengthOfStay) &&
    value.minLengthOfStay >= 1 &&
    value.maxLengthOfStay >= value.minLengthOfStay &&
    nullOr(isText)(value.additionalCostText)
  );
}

function isMonthAndYear(value: unknown): value is MonthAndYear {
  return isObject(value) && isInt(value.month) && value.month >= 1 && value.month <= 12 && isInt(value.year);
}

function isProductView(value: unknown): value is CalendarProductView {
  return isObject(value) && isInt(value.productId) && isText(value.friendlyName) && (value.priceBasis === "night" || value.priceBasis === "stay") && isInt(value.occupancy) && isBool(value.roomOnly) && isBool(value.withFlights);
}

const arrayOf = <T>(check: (value: unknown) => value is T) => (value: unknown): value is T[] => Array.isArray(value) && value.every(check);

/** The availability answer (`{ data: { data: AvailabilityResponse } }`), or null when anything in it is not as agreed. */
export function parseAvailability(body: unknown): AvailabilityResponse | null {
  const inner = isObject(body) && isObject(body.data) ? body.data.data : undefined;
  if (!isObject(inner)) return null;
  const ok =
    arrayOf(isCalendarDay)(inner.calendarDateViewVOList) &&
    isInt(inner.currentMonth) &&
    inner.currentMonth >= 1 &&
    inner.currentMonth <= 12 &&
    isInt(inner.currentYear) &&
    nullOr(isMonthAndYear)(inner.nextAvailable) &&
    nullOr(isMonthAndYear)(inner.previousAvailable) &&
    nullOr(isDay)(inner.lastAvailableStay) &&
    arrayOf(isProductView)(inner.calendarProductViewVOList) &&
    arrayOf(isProductView)(inner.calendarRoomView) &&
    arrayOf(isProductView)(inner.calendarRoomOnlyView) &&
    arrayOf(isInt)(inner.supportedNumberOfNights);
  return ok ? (inner as unknown as AvailabilityResponse) : null;
}

function isStayProduct(value: unknown): value is StayProduct {
  return isObject(value) && isInt(value.productId) && isText(value.friendlyName) && isMoney(value.price) && nullOr(isMoney)(value.vipPrice) && isMoney(value.adminFee) && (value.withFlights === undefined || isBool(value.withFlights));
}

/** The calendar-products answer (`{ products: StayProduct[] }`); anything else is no products. */
export function parseStayProducts(body: unknown): StayProduct[] {
  if (!isObject(body) || !Array.isArray(body.products)) return [];
  return body.products.filter(isStayProduct).map((product) => ({ ...product, withFlights: product.withFlights === true }));
}

function isJourney(value: unknown): value is FlightJourney {
  return isObject(value) && isInt(value.flightId) && isText(value.flightNumber) && isText(value.departureAirport) && isText(value.arrivalAirport) && isText(value.departsAt) && isText(value.arrivesAt);
}

function isFlightOption(value: unknown): value is FlightOption {
  return isObject(value) && isText(value.arrivalAirport) && isText(value.departureAirport) && isJourney(value.outboundJourney) && isJourney(value.inboundJourney) && isInt(value.priceDiff);
}

/** The flights answer (`{ flights: FlightOption[] }`), or null when it is not one. */
export function parseFlights(body: unknown): FlightOption[] | null {
  if (!isObject(body) || !Array.isArray(body.flights)) return null;
  return body.flights.every(isFlightOption) ? body.flights : null;
}

async function getJson(url: string, signal?: AbortSignal): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { headers: { accept: "application/json" }, credentials: "same-origin", signal });
  // 204: nothing to show (no flights, no products).
  if (response.status === 204) return { status: 204, body: null };
  const body: unknown = await response.json().catch(() => undefined);
  return { status: response.status, body };
}

export type AvailabilityResult = { ok: true; availability: AvailabilityResponse } | { ok: false };

/** The month's availability; a failed call or a malformed answer is `{ ok: false }` (the calendar error). */
export async function fetchAvailability(query: AvailabilityQuery, signal?: AbortSignal): Promise<AvailabilityResult> {
  try {
    const { status, body } = await getJson(availabilityUrl(query), signal);
    const availability = status === 200 ? parseAvailability(body) : null;
    return availability ? { ok: true, availability } : { ok: false };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false };
  }
}

/** The products a stay can be booked as; a failure is none (spec §8). */
export async function fetchStayProducts(query: StayQuery, signal?: AbortSignal): Promise<StayProduct[]> {
  try {
    const { status, body } = await getJson(stayProductsUrl(query), signal);
    return status === 200 ? parseStayProducts(body) : [];
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
}

export type FlightsResult = { ok: true; flights: FlightOption[] } | { ok: false };

/** The flight pairs for the stay's dates: 204 is none; a failure is `{ ok: false }` (the flights problem message). */
export async function fetchFlights(query: FlightsQuery, signal?: AbortSignal): Promise<FlightsResult> {
  try {
    const { status, body } = await getJson(flightsUrl(query), signal);
    if (status === 204) return { ok: true, flights: [] };
    const flights = status === 200 ? parseFlights(body) : null;
    return flights ? { ok: true, flights } : { ok: false };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false };
  }
}
