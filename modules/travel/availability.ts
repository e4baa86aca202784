import type { Db } from "../../db/client";
import type { CountryCode } from "../../lib/brand";
import { localDate, marketTimeZone } from "../../lib/market-time";
import { departureAirports } from "./airports";
import type { AvailabilityResponse, CalendarDay, MonthAndYear } from "./availability-types";
import type { FareTable } from "./flight-fares";
import { stayCharge } from "./stay-charge";
import { LONGEST_STAY, StayIndex } from "./stay-index";
import { MIN_NIGHTS, isPassengerCount, roomsFor } from "./stay-rules";
import { memo } from "../../lib/memo";
import { type TravelDeal, type TravelProduct, loadCalendarDeal, loadStayRules, loadTravelDeal, productView } from "./travel-deal";
import { dayNumber, dayString, monthOf, monthRange } from "./travel-dates";
import { travelError } from "./errors";

/** Stays start tomorrow at the earliest (market time): the hotel or operator confirms a day ahead. */
export const ARRIVAL_NOTICE_DAYS = 1;
/** Arrivals are offered up to a year ahead (the rates the merchants load). */
export const HORIZON_DAYS = 366;
/** Nights read for the year: the last arrival's longest stay and its check-out day. */
const HORIZON_LENGTH = HORIZON_DAYS + LONGEST_STAY + 1;
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
  return { deal, passengers, rooms: roomsFor(passengers), airports, products, firstArrival: firstArrivalDay(request.countryCode, request.now) };
}

let lastToday: { key: string; day: number } | null = null;

/** Day number of tomorrow in the market: the first day a stay can start (worked out once a minute). */
export function firstArrivalDay(countryCode: CountryCode, now: Date): number {
  // Days change on the minute: the market's date is the same all through one.
  const key = `${countryCode}:${Math.floor(now.getTime() / 60_000)}`;
  if (lastToday?.key !== key) lastToday = { key, day: dayNumber(localDate(now, marketTimeZone(countryCode))) + ARRIVAL_NOTICE_DAYS };
  return lastToday.day;
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
 * choose-your-flight options and the admin fee, as `stayCharge` charges it), the VIP price beside it, whether it can be a check-in or check-out
 * day, whether it is sold out, and the check-in day's min and max stay. Around the month: the next
 * and previous months that have a day to arrive, the last day a stay can end, the options, and the
 * stay lengths the options allow.
 *
 * One prepared statement reads the deal, its options, per option the month's nights (rates, rooms
 * sold, live holds: range reads of primary keys, packed as JSON) and the month's flight fares
 * (one grouped range read). The month's days are exact for the party: rooms left
 * after sales and every basket's live holds (the asker's own too: the answer is the same for
 * everyone, so it may be cached briefly). What lies around the month — the months with a day to
 * arrive, the last day a stay can end, the stay lengths — follows the merchants' stay rules for
 * the year (arrival and departure days, min and max stay, nights on sale), not rooms or flights,
 * which the month shown and the chosen dates check; those rules are read once a minute per deal
 * (`stayHorizon`; docs/decisions/travel-availability.md).
 */
export async function dealAvailability(db: Db, request: AvailabilityRequest): Promise<AvailabilityResponse> {
  const nightsWanted = checkNights(request.nights);
  if ((request.month === undefined) !== (request.year === undefined)) throw travelError("INVALID_MONTH");
  if (request.month !== undefined && (!Number.isInteger(request.month) || request.month < 1 || request.month > 12)) throw travelError("INVALID_MONTH");
  if (request.year !== undefined && (!Number.isInteger(request.year) || request.year < 2000 || request.year > 2100)) throw travelError("INVALID_MONTH");
  const passengers = checkPassengers(request.quantity);
  const airports = departureAirports(request.departureAirport);
  const rooms = roomsFor(passengers);
  const firstArrival = firstArrivalDay(request.countryCode, request.now);
  const firstKey = monthKey(firstArrival);

  const horizon = await stayHorizon(db, { dealId: request.dealId, leadProductId: request.leadProductId, firstArrival });
  const around = horizon.byNights[nightsWanted ?? 0];
  const shownKey = request.month !== undefined && request.year !== undefined ? Math.max(request.year * 12 + request.month - 1, firstKey) : (around.months[0] ?? firstKey);
  const shown = fromMonthKey(shownKey);
  const { first: monthFirst, days: monthDays } = monthRange(shown.year, shown.month);

  const window = monthWindow(shownKey, firstArrival);
  const { deal, options, fares } = await loadCalendarDeal(db, {
    dealId: request.dealId,
    countryCode: request.countryCode,
    from: dayString(window.first),
    to: dayString(window.last),
    now: request.now,
    leadProductId: request.leadProductId,
    // Flights out on the month's days, back up to the longest stay after.
    faresFrom: dayString(monthFirst),
    faresTo: dayString(monthFirst + monthDays + LONGEST_STAY),
    passengers,
    airports,
  });
  const priced = request.leadProductId === undefined ? options : options.filter((option) => option.product.productId === request.leadProductId);
  const length = window.last - window.first + 1;
  const indexes = priced.map((option) => ({ product: option.product, index: new StayIndex(option.nights, length, option.product.priceBasis, rooms) }));

  const calendarDateViewVOList: CalendarDay[] = [];
  for (let day = monthFirst; day < monthFirst + monthDays; day++) {
    // Arrivals from tomorrow for a year (the same days the months around are worked out from).
    const bookable = day >= firstArrival && day < firstArrival + HORIZON_DAYS;
    calendarDateViewVOList.push(calendarDay(day, bookable ? day - window.first : -1, indexes, { passengers, nightsWanted, fares, vip: deal.vipDiscountAllowed }));
  }

  const views = deal.products.map(productView);
  return {
    calendarDateViewVOList,
    currentMonth: shown.month,
    currentYear: shown.year,
    nextAvailable: nearest(around.months, (key) => key > shownKey, "first"),
    previousAvailable: nearest(around.months, (key) => key < shownKey, "last"),
    lastAvailableStay: around.lastAvailableStay,
    calendarProductViewVOList: views,
    calendarRoomView: views.filter((view) => !view.roomOnly),
    calendarRoomOnlyView: views.filter((view) => view.roomOnly),
    supportedNumberOfNights: horizon.supportedNights,
  };
}

/** How long a deal's stay rules for the year are kept in process (they change when a merchant loads rates). */
export const STAY_RULES_MEMO_MS = 60_000;

/** What a deal's stay rules allow around the month, for one stay length (or any). */
interface Around {
  months: number[];
  lastAvailableStay: string | null;
}

/** What a deal's stay rules allow over the year: per stay length (0: any), and the lengths at all. */
interface StayHorizon {
  byNights: Around[];
  supportedNights: number[];
}

/**
 * What a deal's stay rules allow over the next year, for every stay length at once (a few hundred
 * bytes to keep, where the rules themselves would be tens of kilobytes): worked out from one read
 * of the rules and kept STAY_RULES_MEMO_MS per deal (and lead product), since rules are the
 * merchant's settings, not stock. Rooms and prices are never kept: the month is read fresh.
 */
function stayHorizon(db: Db, request: { dealId: number; leadProductId?: number; firstArrival: number }): Promise<StayHorizon> {
  const key = `travel-stay-rules:${request.dealId}:${request.leadProductId ?? "all"}:${request.firstArrival}`;
  return memo(db, key, STAY_RULES_MEMO_MS, async () => {
    const options = await loadStayRules(db, {
      dealId: request.dealId,
      from: dayString(request.firstArrival),
      to: dayString(request.firstArrival + HORIZON_LENGTH - 1),
      leadProductId: request.leadProductId,
    });
    const indexes = options.map((option) => new StayIndex(option.rules, HORIZON_LENGTH, option.priceBasis, 1));
    const byNights = Array.from({ length: LONGEST_STAY + 1 }, (_, nights): Around => {
      const wanted = nights === 0 ? undefined : nights;
      return { months: monthsWithArrivals(indexes, wanted, request.firstArrival), lastAvailableStay: lastStay(indexes, wanted, request.firstArrival) };
    });
    return { byNights, supportedNights: supportedNights(indexes) };
  });
}

/** The nights a month's calendar needs: from the night before its first day (for check-outs) to the longest stay past its end. */
function monthWindow(key: number, firstArrival: number): { first: number; last: number } {
  const { month, year } = fromMonthKey(key);
  const { first, days } = monthRange(year, month);
  return { first: Math.max(firstArrival, first - 1), last: first + days + LONGEST_STAY };
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
    const total = stayCharge({ roomsPrice: stay.price, flightsPrice: flights, adminFee: product.adminFee });
    const vipTotal = stayCharge({ roomsPrice: stay.vipPrice, flightsPrice: flights, adminFee: product.adminFee });
    if (!best || total < best.total) best = { total, entry: index };
    if (bestVip === null || vipTotal < bestVip) bestVip = vipTotal;
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
