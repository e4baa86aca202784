/**
 * Choosing a stay on the month calendar (spec §4 Calendar selection): check-in first, then
 * check-out, which must be 1–16 nights later (and within the 28-day window), within the check-in
 * day's min and max length of stay, on a day open for departure, with every night between on sale
 * and not sold out. Pure functions: the calendar component renders what they say and the tests
 * read them directly. Days not loaded yet (a later month) are not held against a stay; the
 * calendar-products call has the last word on those.
 */
import type { CalendarDay } from "../../../modules/travel/availability-types";
import { CHECKOUT_WINDOW_DAYS, MAX_NIGHTS, MIN_NIGHTS, addDays, daysBetween, stayNights } from "../../../modules/travel/stay-rules";
import { dayName } from "./calendar-dates";
import { TRAVEL_MESSAGES } from "./travel-messages";

export type DayLookup = ReadonlyMap<string, CalendarDay>;

export interface StaySelection {
  checkIn: string | null;
  checkOut: string | null;
}

export const NO_STAY: StaySelection = { checkIn: null, checkOut: null };

/** Which date the next choice sets. */
export type SelectionPhase = "check-in" | "check-out";

export function phaseOf(selection: StaySelection): SelectionPhase {
  return selection.checkIn !== null && selection.checkOut === null ? "check-out" : "check-in";
}

/** A day that cannot be part of any stay: no rate, not on sale, or nothing priced. */
export function isUnavailable(day: CalendarDay | undefined): boolean {
  return !day || !day.openForSale || (day.minPrice === null && !day.dateSoldOut);
}

export function isSoldOut(day: CalendarDay | undefined): boolean {
  return day !== undefined && day.openForSale && day.dateSoldOut;
}

/** A stay may start on this day. */
export function isArrivalDay(day: CalendarDay | undefined): day is CalendarDay {
  return day !== undefined && day.openForArrival && day.openForSale && !day.dateSoldOut && day.minPrice !== null;
}

/** The lengths a stay starting on `arrival` may have: its min and max stay, 1–16 nights, 28-day window. */
export function stayLengthBounds(arrival: CalendarDay): { min: number; max: number } {
  return {
    min: Math.max(MIN_NIGHTS, arrival.minLengthOfStay),
    max: Math.min(MAX_NIGHTS, CHECKOUT_WINDOW_DAYS, arrival.maxLengthOfStay),
  };
}

export type CheckOutRefusal = "NOT_AFTER_CHECK_IN" | "NO_CHECK_IN" | "TOO_SHORT" | "TOO_LONG" | "NOT_FOR_DEPARTURE" | "NIGHT_UNAVAILABLE";

/** Why `candidate` cannot be the check-out of a stay from `checkIn`, or null when it can. */
export function checkOutRefusal(checkIn: string, candidate: string, days: DayLookup): CheckOutRefusal | null {
  const length = daysBetween(checkIn, candidate);
  if (length < 1) return "NOT_AFTER_CHECK_IN";
  const arrival = days.get(checkIn);
  if (!isArrivalDay(arrival)) return "NO_CHECK_IN";
  const { min, max } = stayLengthBounds(arrival);
  if (length < min) return "TOO_SHORT";
  if (length > max) return "TOO_LONG";
  const departure = days.get(candidate);
  if (departure && !departure.openForDeparture) return "NOT_FOR_DEPARTURE";
  for (const night of stayNights(checkIn, candidate)) {
    const day = days.get(night);
    if (day && (!day.openForSale || day.dateSoldOut)) return "NIGHT_UNAVAILABLE";
  }
  return null;
}

/** What choosing a day does, with the sentence the live region says about it. */
export type ChooseOutcome =
  | { kind: "check-in" | "check-out" | "cleared"; selection: StaySelection; announcement: string }
  | { kind: "refused"; announcement: string };

function refusalText(day: string, refusal: CheckOutRefusal, arrival: CalendarDay | undefined): string {
  const bounds = arrival ? stayLengthBounds(arrival) : { min: MIN_NIGHTS, max: MAX_NIGHTS };
  const nights = (count: number) => `${count} night${count === 1 ? "" : "s"}`;
  switch (refusal) {
    case "TOO_SHORT":
      return `${dayName(day)} is too soon: stays from your check-in date are at least ${nights(bounds.min)}.`;
    case "TOO_LONG":
      return `${dayName(day)} is too late: stays from your check-in date are at most ${nights(bounds.max)}.`;
    case "NOT_FOR_DEPARTURE":
      return `${dayName(day)} is not available for check-out.`;
    case "NIGHT_UNAVAILABLE":
      return `${dayName(day)} is not available for check-out: a night before it is sold out or unavailable.`;
    default:
      return `${dayName(day)} is not available for check-out.`;
  }
}

/**
 * Choosing `day`: with no check-in (or a whole stay chosen) it becomes the check-in if a stay may
 * start then; with a check-in it becomes the check-out if the rules allow, choosing the check-in
 * again clears it, and any other day a stay may start on starts again from there.
 */
export function chooseDay(selection: StaySelection, day: string, days: DayLookup): ChooseOutcome {
  const target = days.get(day);
  if (phaseOf(selection) === "check-out" && selection.checkIn !== null) {
    const checkIn = selection.checkIn;
    if (day === checkIn) return { kind: "cleared", selection: NO_STAY, announcement: `Check-in cleared. ${TRAVEL_MESSAGES.chooseArrival}` };
    const refusal = checkOutRefusal(checkIn, day, days);
    if (refusal === null) {
      const nights = daysBetween(checkIn, day);
      return {
        kind: "check-out",
        selection: { checkIn, checkOut: day },
        announcement: `Check-out ${dayName(day)} selected: ${nights} night${nights === 1 ? "" : "s"} from ${dayName(checkIn)}.`,
      };
    }
    if (!isArrivalDay(target)) return { kind: "refused", announcement: refusalText(day, refusal, days.get(checkIn)) };
  }
  if (isArrivalDay(target)) {
    return { kind: "check-in", selection: { checkIn: day, checkOut: null }, announcement: `Check-in ${dayName(day)} selected. ${TRAVEL_MESSAGES.selectCheckOut}` };
  }
  const why = isSoldOut(target) ? "is sold out" : "is not available for arrival";
  return { kind: "refused", announcement: `${dayName(day)} ${why}. ${TRAVEL_MESSAGES.chooseArrival}` };
}

/**
 * A stay of `nights` from the chosen check-in (the nights picker after a check-in): the new
 * selection when the rules allow it, else the check-in alone.
 */
export function withNights(selection: StaySelection, nights: number, days: DayLookup): StaySelection {
  if (selection.checkIn === null) return selection;
  const checkOut = addDays(selection.checkIn, nights);
  return checkOutRefusal(selection.checkIn, checkOut, days) === null ? { checkIn: selection.checkIn, checkOut } : { checkIn: selection.checkIn, checkOut: null };
}

/**
 * A stay brought in by a link (hotel ads): kept as far as the calendar allows it, i.e. the
 * check-in when a stay may start then, and the check-out when the rules allow it.
 */
export function landingSelection(wanted: StaySelection, days: DayLookup): StaySelection {
  if (wanted.checkIn === null || !isArrivalDay(days.get(wanted.checkIn))) return NO_STAY;
  if (wanted.checkOut === null || checkOutRefusal(wanted.checkIn, wanted.checkOut, days) !== null) return { checkIn: wanted.checkIn, checkOut: null };
  return wanted;
}

/** The dates message for a stay being booked (spec §5), or null when both dates are chosen. */
export function datesProblem(selection: StaySelection): string | null {
  if (selection.checkIn === null) return TRAVEL_MESSAGES.selectDates;
  if (selection.checkOut === null) return TRAVEL_MESSAGES.selectCheckOut;
  return null;
}

export type DayRole = "check-in" | "check-out" | "in-stay" | null;

export interface DayView {
  day: string;
  /** What the cell shows: a price, "Sold out" or a dash. */
  price: number | null;
  status: "unavailable" | "sold-out" | "open";
  role: DayRole;
  /** Choosing it would do something (aria-disabled otherwise). */
  choosable: boolean;
  /** The check-out phase's answer for this day (for the hover and focus preview). */
  validCheckOut: boolean;
  /** The whole sentence a screen reader hears, e.g. "Friday 12 March, from £89.00, available for arrival". */
  label: string;
}

/**
 * One day of the grid as a shopper meets it, given the selection and who is looking: the price is
 * the VIP price for VIP members where the day allows it.
 */
export function describeDay(day: string, days: DayLookup, selection: StaySelection, options: { vipUser: boolean; formatPrice: (minor: number) => string }): DayView {
  const data = days.get(day);
  const phase = phaseOf(selection);
  const soldOut = isSoldOut(data);
  const unavailable = !soldOut && isUnavailable(data);
  const vip = options.vipUser && data?.vipDiscountAllowed === true && data.vipPrice !== null;
  const price = data && !soldOut && !unavailable ? (vip ? data.vipPrice : data.minPrice) : null;
  const validCheckOut = phase === "check-out" && selection.checkIn !== null && checkOutRefusal(selection.checkIn, day, days) === null;
  let role: DayRole = null;
  if (day === selection.checkIn) role = "check-in";
  else if (day === selection.checkOut) role = "check-out";
  else if (selection.checkIn !== null && selection.checkOut !== null && day > selection.checkIn && day < selection.checkOut) role = "in-stay";

  let state: string;
  let choosable: boolean;
  if (role === "check-in") {
    state = phase === "check-out" ? "selected as check-in, choose again to clear" : "selected as check-in";
    choosable = true;
  } else if (role === "check-out") {
    state = "selected as check-out";
    choosable = isArrivalDay(data);
  } else if (soldOut) {
    state = "sold out";
    choosable = false;
  } else if (phase === "check-out" && validCheckOut) {
    const nights = daysBetween(selection.checkIn as string, day);
    state = `available for check-out, ${nights} night${nights === 1 ? "" : "s"}`;
    choosable = true;
  } else if (isArrivalDay(data)) {
    state = "available for arrival";
    choosable = true;
  } else if (unavailable) {
    state = "unavailable";
    choosable = false;
  } else {
    state = phase === "check-out" ? "not available for check-out" : "not available for arrival";
    choosable = false;
  }
  if (role === "in-stay") state = `in your stay, ${state}`;
  const priceText = price !== null ? `, from ${options.formatPrice(price)}${vip ? " VIP price" : ""}` : "";
  return {
    day,
    price,
    status: soldOut ? "sold-out" : unavailable ? "unavailable" : "open",
    role,
    choosable,
    validCheckOut,
    label: `${dayName(day)}${priceText}, ${state}`,
  };
}

/** The day the grid's single tab stop sits on: the check-in, else the check-out, else the first day a stay may start, else the 1st. */
export function initialFocusDay(monthDays: readonly string[], days: DayLookup, selection: StaySelection): string {
  if (selection.checkIn !== null && monthDays.includes(selection.checkIn)) return selection.checkIn;
  if (selection.checkOut !== null && monthDays.includes(selection.checkOut)) return selection.checkOut;
  return monthDays.find((day) => isArrivalDay(days.get(day))) ?? monthDays[0];
}
