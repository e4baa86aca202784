import type { Db } from "../../db/client";
import type { CountryCode } from "../../lib/brand";
import { localDate, marketTimeZone } from "../../lib/market-time";
import { departureAirports } from "./airports";
import type { AvailabilityResponse, CalendarDay, MonthAndYear } from "./availability-types";
import { type FareTable, loadFlightFares } from "./flight-fares";
import { memo } from "../../lib/memo";
import { type NightArrays, loadNightArrays } from "./night-arrays";
import { LONGEST_STAY, StayIndex } from "./stay-index";
import { MIN_NIGHTS, isPassengerCount, roomsFor } from "./stay-rules";
import { type TravelDeal, type TravelProduct, loadTravelDeal, productView } from "./travel-deal";
import { dayNumber, dayString, monthOf, monthRange } from "./travel-dates";
import { travelError } from "./travel-errors";

/** Stays start tomorrow at the earliest (market time): the hotel or operator confirms a day ahead. */
export const ARRIVAL_NOTICE_DAYS = 1;
/** Arrivals are offered up to a year ahead (the rates the merchants load). */
export const HORIZON_DAYS = 366;
/** Nights read for the year: the last arrival's longest stay and its check-out day. */
const HORIZON_LENGTH = HORIZON_DAYS + LONGEST_STAY + 1;
/** How long the months around, the last stay and the stay lengths are kept (the HTTP answer's s-maxage too). */
export const HORIZON_MEMO_MS = 30_000;
const DAY_MS = 86_400_000;

export interface AvailabilityRequest {
  dealId: number;
  countryCode: CountryCode;
  now: Date;
  /** Passengers: 2, 4, 6 or 8 (1 room per 2). Default 2. */
  quantity?: number;
  /** Stays of exactly this many nights (1–16); otherwise the shortest stay each day allows. */
  nights?: number;
  /** The month to show (1–12) with its year; default the first month with availability. */
  month?: number;
  year?: number;
  /** Choose-your-flight: an airport code or 'Any London'; default every airport. */
  departureAirport?: string;
  /** Price only this option (the one chosen, or a hotel ad's room). */
  leadProductId?: number;
  /** The visit came from a hotel-ads link (spec discovery §3); accepted, it changes nothing here. */
  googleHotelAds?: boolean;
}

/** The checked request, shared by the calendar and calendar-products calls. */
export interface TravelScope {
  deal: TravelDeal;
  passengers: number;
  rooms: number;
  airports: readonly string[] | null;
  /** The products priced: the lead product alone when one is given, else all of the deal's. */
  products: TravelProduct[];
  /** Day number of the first possible arrival. */
  firstArrival: number;
}

export function checkPassengers(quantity: number | undefined): number {
  const passengers = quantity ?? 2;
  if (!isPassengerCount(passengers)) throw travelError("INVALID_QUANTITY");
  return passengers;
}

export function checkNights(nights: number | undefined): number | undefined {
  if (nights !== undefined && (!Number.isInteger(nights) || nights < MIN_NIGHTS || nights > LONGEST_STAY)) throw travelError("INVALID_NIGHTS");
  return nights;
}

/** Loads the deal and checks the passengers, airport and product asked for (400 / 404 as TRAVEL_ERRORS say). */
export async function travelScope(
  db: Db,
  request: { dealId: number; countryCode: CountryCode; now: Date; quantity?: number; departureAirport?: string; productId?: number },
): Promise<TravelScope> {
  const passengers = checkPassengers(request.quantity);
  const airports = departureAirports(request.departureAirport);
  const deal = await loadTravelDeal(db, request.dealId, request.countryCode);
  let products = deal.products;
  if (request.productId !== undefined) {
    const lead = deal.products.find((product) => product.productId === request.productId);
    if (!lead) throw travelError("PRODUCT_NOT_IN_DEAL");
    products = [lead];
  }
  const today = localDate(request.now, marketTimeZone(request.countryCode));
  return { deal, passengers, rooms: roomsFor(passengers), airports, products, firstArrival: dayNumber(today) + ARRIVAL_NOTICE_DAYS };
}

/** A stay's price per person, rounded up to the minor unit. */
export function perPerson(total: number, passengers: number): number {
  return Math.ceil(total / passengers);
}

function monthKey(day: number): number {
  const { month, year } = monthOf(day);
  return year * 12 + (month - 1);
}

function fromMonthKey(key: number): MonthAndYear {
  return { month: (key % 12) + 1, year: Math.floor(key / 12) };
}

/**
 * GET /v1/availability/deal/{dealId} (spec §3 Calendar day, §7 Travel): the month calendar of a
 * travel deal for the chosen passengers (rooms) and nights. Each day carries the lowest price per
 * person of a stay arriving that day across the deal's options (with the cheapest flights for
 * choose-your-flight options), the VIP price beside it, whether it can be a check-in or check-out
 * day, whether it is sold out, and the check-in day's min and max stay. Around the month: the next
 * and previous months that have a day to arrive, the last day a stay can end, the options, and the
 * stay lengths the options allow.
 *
 * Reads, each one indexed statement: the deal with its options (prepared), their rates and rooms
 * left for the month shown (one packed row per option, night-arrays.ts), and for choose-your-flight
 * options the month's fares. What lies around the month (which months have a day to arrive, the
 * last stay, the stay lengths) needs the whole year of nights: it is worked out from one read of
 * the year and kept for HORIZON_MEMO_MS per deal, options, rooms and nights, so the month's days
 * are always fresh and the arrows may lag a sale by that long.
 *
 * Every basket's live holds count against what is left, the asker's own too: the answer is the
 * same for everyone, so it may be cached briefly (docs/decisions/travel-availability.md). The
 * months around and the last stay consider rooms, not flights (flights are checked for the month
 * shown and when dates are chosen).
 */
export async function dealAvailability(db: Db, request: AvailabilityRequest): Promise<AvailabilityResponse> {
  const nightsWanted = checkNights(request.nights);
  if ((request.month === undefined) !== (request.year === undefined)) throw travelError("INVALID_MONTH");
  if (request.month !== undefined && (!Number.isInteger(request.month) || request.month < 1 || request.month > 12)) throw travelError("INVALID_MONTH");
  if (request.year !== undefined && (!Number.isInteger(request.year) || request.year < 2000 || request.year > 2100)) throw travelError("INVALID_MONTH");
  const scope = await travelScope(db, { ...request, productId: request.leadProductId });
  const { deal, passengers, firstArrival } = scope;
  const productIds = scope.products.map((product) => product.productId);

  // The year around: from the memo, or from one read of the year whose nights then serve the month too.
  let year: Map<number, NightArrays> | null = null;
  const horizonKey = `travel-horizon:${deal.id}:${productIds.join(",")}:${scope.rooms}:${nightsWanted ?? "any"}:${firstArrival}`;
  const horizon = await memo(db, horizonKey, HORIZON_MEMO_MS, async () => {
    year = await loadNightArrays(db, { productIds, from: dayString(firstArrival), to: dayString(firstArrival + HORIZON_LENGTH - 1), now: request.now });
    const loaded = year;
    return summariseHorizon(scope.products.map((product) => new StayIndex(loaded.get(product.productId), HORIZON_LENGTH, product.priceBasis, scope.rooms)), nightsWanted, firstArrival);
  });

  const firstKey = monthKey(firstArrival);
  let shownKey = request.month !== undefined && request.year !== undefined ? request.year * 12 + request.month - 1 : (horizon.months[0] ?? firstKey);
  if (shownKey < firstKey) shownKey = firstKey;
  const shown = fromMonthKey(shownKey);
  const { first: monthFirst, days: monthDays } = monthRange(shown.year, shown.month);

  // The month's window: from the night before its first day (for check-outs) to the longest stay past its end.
  const windowFirst = Math.max(firstArrival, monthFirst - 1);
  const windowLength = monthFirst + monthDays + LONGEST_STAY + 1 - windowFirst;
  let monthNights: Map<number, NightArrays>;
  let origin: number;
  const fromYear: Map<number, NightArrays> | null = year;
  if (fromYear !== null) {
    monthNights = fromYear;
    origin = firstArrival;
  } else {
    monthNights = await loadNightArrays(db, {
      productIds,
      from: dayString(windowFirst),
      to: dayString(windowFirst + windowLength - 1),
      now: request.now,
      // Cost texts only for the month's own days.
      textFrom: dayString(monthFirst),
      textTo: dayString(monthFirst + monthDays - 1),
    });
    origin = windowFirst;
  }
  const indexes = scope.products.map((product) => ({
    product,
    index: new StayIndex(monthNights.get(product.productId), windowFirst + windowLength - origin, product.priceBasis, scope.rooms),
  }));

  // Flights only for the month shown: out on its days, back up to the longest stay after.
  let fares: FareTable | null = null;
  if (indexes.some((entry) => entry.product.withFlights)) {
    fares = await loadFlightFares(db, {
      dealId: deal.id,
      from: dayString(monthFirst),
      to: dayString(monthFirst + monthDays + LONGEST_STAY),
      passengers,
      airports: scope.airports,
    });
  }

  const calendarDateViewVOList: CalendarDay[] = [];
  for (let day = monthFirst; day < monthFirst + monthDays; day++) {
    calendarDateViewVOList.push(calendarDay(day, day < firstArrival ? -1 : day - origin, indexes, { passengers, nightsWanted, fares, vip: deal.vipDiscountAllowed }));
  }

  const views = deal.products.map(productView);
  return {
    calendarDateViewVOList,
    currentMonth: shown.month,
    currentYear: shown.year,
    nextAvailable: nearest(horizon.months, (key) => key > shownKey, "first"),
    previousAvailable: nearest(horizon.months, (key) => key < shownKey, "last"),
    lastAvailableStay: horizon.lastAvailableStay,
    calendarProductViewVOList: views,
    calendarRoomView: views.filter((view) => !view.roomOnly),
    calendarRoomOnlyView: views.filter((view) => view.roomOnly),
    supportedNumberOfNights: horizon.supportedNights,
  };
}

interface Horizon {
  /** Month keys (year × 12 + month − 1) with a day to arrive, in order. */
  months: number[];
  lastAvailableStay: string | null;
  supportedNights: number[];
}

function summariseHorizon(indexes: StayIndex[], nights: number | undefined, firstArrival: number): Horizon {
  return {
    months: monthsWithArrivals(indexes, nights, firstArrival),
    lastAvailableStay: lastStay(indexes, nights, firstArrival),
    supportedNights: supportedNights(indexes),
  };
}

function nearest(keys: number[], test: (key: number) => boolean, which: "first" | "last"): MonthAndYear | null {
  const matching = keys.filter(test);
  if (matching.length === 0) return null;
  return fromMonthKey(which === "first" ? matching[0] : matching[matching.length - 1]);
}

/** Month keys (year × 12 + month − 1), in order, that have at least one day a stay can start. */
function monthsWithArrivals(indexes: StayIndex[], nights: number | undefined, firstArrival: number): number[] {
  const months: number[] = [];
  let i = 0;
  while (i < HORIZON_DAYS) {
    const { year, month } = monthOf(firstArrival + i);
    const end = Math.min(monthRange(year, month).first + monthRange(year, month).days - firstArrival, HORIZON_DAYS);
    if (indexes.some((index) => anyStayBetween(index, i, end, nights))) months.push(year * 12 + month - 1);
    i = end;
  }
  return months;
}

function anyStayBetween(index: StayIndex, from: number, to: number, nights: number | undefined): boolean {
  for (let d = from; d < to; d++) if (index.cheapestStay(d, nights)) return true;
  return false;
}

interface DayContext {
  passengers: number;
  nightsWanted: number | undefined;
  fares: FareTable | null;
  vip: boolean;
}

/** One day of the calendar: `i` is its index in the window (negative before the first arrival). */
function calendarDay(day: number, i: number, indexes: { product: TravelProduct; index: StayIndex }[], context: DayContext): CalendarDay {
  const closed: CalendarDay = {
    date: day * DAY_MS,
    dateString: dayString(day),
    minPrice: null,
    vipPrice: null,
    vipDiscountAllowed: false,
    openForArrival: false,
    openForDeparture: false,
    openForSale: false,
    dateSoldOut: false,
    minLengthOfStay: MIN_NIGHTS,
    maxLengthOfStay: LONGEST_STAY,
    additionalCostText: null,
  };
  if (i < 0) return closed;
  let best: { total: number; entry: StayIndex } | null = null;
  let bestVip: number | null = null;
  let onSale = false;
  let rooms = false;
  let departure = false;
  let minStay = Infinity;
  let maxStay = 0;
  let anyText: string | null = null;
  for (const { product, index } of indexes) {
    if (index.onSale(i)) onSale = true;
    if (index.sellable(i)) rooms = true;
    if (index.onSale(i - 1) && index.departsOn(i)) departure = true;
    anyText ??= index.costText(i);
    const stay = index.cheapestStay(i, context.nightsWanted);
    if (!stay) continue;
    let flights = 0;
    if (product.withFlights) {
      const fare = context.fares?.pair(day, day + stay.nights) ?? null;
      if (fare === null) continue;
      flights = fare * context.passengers;
    }
    const rule = index.arrivalRule(i)!;
    minStay = Math.min(minStay, rule.min);
    maxStay = Math.max(maxStay, Math.min(rule.max, LONGEST_STAY));
    if (!best || stay.price + flights < best.total) best = { total: stay.price + flights, entry: index };
    if (bestVip === null || stay.vipPrice + flights < bestVip) bestVip = stay.vipPrice + flights;
  }
  if (!best) {
    // No stay starts here: the rules still say how long one could be.
    for (const { index } of indexes) {
      const rule = index.arrivalRule(i);
      if (!rule) continue;
      minStay = Math.min(minStay, rule.min);
      maxStay = Math.max(maxStay, Math.min(rule.max, LONGEST_STAY));
    }
  }
  const minPrice = best ? perPerson(best.total, context.passengers) : null;
  const vipPerPerson = context.vip && bestVip !== null ? perPerson(bestVip, context.passengers) : null;
  const vipPrice = minPrice !== null && vipPerPerson !== null && vipPerPerson < minPrice ? vipPerPerson : null;
  return {
    ...closed,
    minPrice,
    vipPrice,
    vipDiscountAllowed: vipPrice !== null,
    openForArrival: best !== null,
    openForDeparture: departure,
    openForSale: onSale,
    dateSoldOut: onSale && !rooms,
    minLengthOfStay: Number.isFinite(minStay) ? Math.max(MIN_NIGHTS, Math.min(minStay, LONGEST_STAY)) : MIN_NIGHTS,
    maxLengthOfStay: maxStay > 0 ? Math.max(maxStay, Math.min(minStay, LONGEST_STAY)) : LONGEST_STAY,
    additionalCostText: best ? (best.entry.costText(i) ?? anyText) : anyText,
  };
}

/** The latest check-out day of any stay in the horizon (YYYY-MM-DD), or null. */
function lastStay(indexes: StayIndex[], nights: number | undefined, firstArrival: number): string | null {
  let latest = -1;
  let foundAt = -1;
  for (let i = HORIZON_DAYS - 1; i >= 0; i--) {
    // A stay starting more than the longest stay earlier cannot end later.
    if (foundAt >= 0 && i < foundAt - LONGEST_STAY) break;
    for (const index of indexes) {
      const length = nights !== undefined ? (index.stay(i, nights) ? nights : null) : index.longestStay(i);
      if (length === null) continue;
      if (foundAt < 0) foundAt = i;
      latest = Math.max(latest, i + length);
    }
  }
  return latest < 0 ? null : dayString(firstArrival + latest);
}

/** Stay lengths the options allow on the days they take arrivals: the union of their min–max, within 1–16. */
function supportedNights(indexes: StayIndex[]): number[] {
  const supported = new Set<number>();
  for (const index of indexes) {
    for (const [min, max] of index.lengthRules(0, HORIZON_DAYS)) {
      for (let n = Math.max(min, MIN_NIGHTS); n <= Math.min(max, LONGEST_STAY); n++) supported.add(n);
    }
  }
  return [...supported].sort((a, b) => a - b);
}
