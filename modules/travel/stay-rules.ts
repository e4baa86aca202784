/**
 * The rules of a travel stay (spec §4 Calendar selection, §9 Travel), shared by the calendar (which
 * days and lengths to offer), the basket (what may be added) and the order (what is sold).
 * Dates are calendar days "YYYY-MM-DD"; a stay of n nights from check-in covers the n nights
 * check-in … check-out minus one day.
 */

/** Passengers per booking: 2, 4, 6 or 8, one room per 2 (spec §9). */
export const PASSENGER_COUNTS = [2, 4, 6, 8] as const;
export const GUESTS_PER_ROOM = 2;
export const MIN_NIGHTS = 1;
export const MAX_NIGHTS = 16;
/** Check-out may be at most this many days after check-in (spec §9: selection window 28 days). */
export const CHECKOUT_WINDOW_DAYS = 28;
/** London airports grouped as 'Any London' (spec §9). */
export const LONDON_AIRPORTS = ["LGW", "LHR", "STN", "LTN", "LCY", "SEN"] as const;
export const ANY_LONDON = "Any London";

export function roomsFor(guests: number): number {
  return Math.ceil(guests / GUESTS_PER_ROOM);
}

export function isPassengerCount(value: number): boolean {
  return (PASSENGER_COUNTS as readonly number[]).includes(value);
}

const DAY_MS = 86_400_000;

export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The nights a stay covers: check-in up to the night before check-out. */
export function stayNights(checkIn: string, checkOut: string): string[] {
  const count = daysBetween(checkIn, checkOut);
  return Array.from({ length: Math.max(0, count) }, (_, index) => addDays(checkIn, index));
}

/** One dated product's night: its rate (travel_rates) and what is left to sell (inventory). */
export interface NightAvailability {
  night: string;
  price: number;
  vipPrice: number | null;
  openForArrival: boolean;
  openForDeparture: boolean;
  openForSale: boolean;
  minLengthOfStay: number;
  maxLengthOfStay: number;
  additionalCostText: string | null;
  /** Units (rooms or packages) still sellable that night: capacity − sold − held by others. */
  unitsLeft: number;
}

export type PriceBasis = "night" | "stay";

export type StayProblem =
  /** Not real dates, check-out not after check-in, or outside 1–16 nights / the 28-day window. */
  | "INVALID_DATES"
  /** The check-in day does not take arrivals (or has no rate). */
  | "NOT_OPEN_FOR_ARRIVAL"
  /** Shorter or longer than the check-in day's min and max length of stay. */
  | "LENGTH_OF_STAY"
  /** A night of the stay is not on sale or has no rate. */
  | "NIGHT_NOT_FOR_SALE"
  /** The check-out day does not take departures. */
  | "NOT_OPEN_FOR_DEPARTURE"
  /** A night of the stay has fewer units left than the rooms asked for. */
  | "SOLD_OUT";

export type StayCheck =
  | { ok: true; nights: string[]; rooms: number; price: number; vipPrice: number }
  | { ok: false; problem: StayProblem; night?: string };

/**
 * Whether a stay can be sold, and what it costs for all its rooms: per night, the sum of the
 * nights' prices; per stay (a package), the check-in night's price. `vipPrice` uses each night's
 * VIP price where it has one. `nights` maps each night to its availability; a missing night is not
 * for sale. The check-out day itself needs a rate only to say it takes departures.
 */
export function checkStay(stay: { checkIn: string; checkOut: string; guests: number; basis: PriceBasis; nights: ReadonlyMap<string, NightAvailability> }): StayCheck {
  const { checkIn, checkOut } = stay;
  if (!isCalendarDay(checkIn) || !isCalendarDay(checkOut) || !isPassengerCount(stay.guests)) return { ok: false, problem: "INVALID_DATES" };
  const length = daysBetween(checkIn, checkOut);
  if (length < MIN_NIGHTS || length > MAX_NIGHTS || length > CHECKOUT_WINDOW_DAYS) return { ok: false, problem: "INVALID_DATES" };
  const arrival = stay.nights.get(checkIn);
  if (!arrival || !arrival.openForArrival) return { ok: false, problem: "NOT_OPEN_FOR_ARRIVAL", night: checkIn };
  if (length < arrival.minLengthOfStay || length > arrival.maxLengthOfStay) return { ok: false, problem: "LENGTH_OF_STAY", night: checkIn };
  const rooms = roomsFor(stay.guests);
  const nights = stayNights(checkIn, checkOut);
  let price = 0;
  let vipPrice = 0;
  for (const night of nights) {
    const day = stay.nights.get(night);
    if (!day || !day.openForSale) return { ok: false, problem: "NIGHT_NOT_FOR_SALE", night };
    if (day.unitsLeft < rooms) return { ok: false, problem: "SOLD_OUT", night };
    if (stay.basis === "night") {
      price += day.price * rooms;
      vipPrice += (day.vipPrice ?? day.price) * rooms;
    }
  }
  const departure = stay.nights.get(checkOut);
  if (departure && !departure.openForDeparture) return { ok: false, problem: "NOT_OPEN_FOR_DEPARTURE", night: checkOut };
  if (stay.basis === "stay") {
    price = arrival.price * rooms;
    vipPrice = (arrival.vipPrice ?? arrival.price) * rooms;
  }
  return { ok: true, nights, rooms, price, vipPrice };
}
