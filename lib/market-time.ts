import { TZDate } from "@date-fns/tz";
import { addDays, startOfDay, startOfWeek } from "date-fns";
import type { CountryCode } from "./brand";

/**
 * Each market's own clock: "today" for caps, closing days, social-cue hours and daily stats ends
 * at midnight in London or Dublin, not in UTC, and the week starts on Monday. @date-fns/tz keeps
 * one Intl formatter per zone, so these stay cheap on listing pages that call them per deal.
 */
export function marketTimeZone(countryCode: CountryCode): string {
  return countryCode === "IE" ? "Europe/Dublin" : "Europe/London";
}

/** The first instant of the market's calendar day that contains `instant`. */
export function startOfMarketDay(instant: Date, timeZone: string): Date {
  return new Date(startOfDay(new TZDate(instant, timeZone)).getTime());
}

/** Monday 00:00, market time, of the week that contains `instant`. */
export function startOfMarketWeek(instant: Date, timeZone: string): Date {
  return new Date(startOfWeek(new TZDate(instant, timeZone), { weekStartsOn: 1 }).getTime());
}

/** "2026-11-21": the calendar day an instant falls on in a time zone. */
export function localDate(instant: Date, timeZone: string): string {
  const local = new TZDate(instant, timeZone);
  return `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, "0")}-${String(local.getDate()).padStart(2, "0")}`;
}

/** 0-23: the hour of the day an instant falls on in a time zone. */
export function localHour(instant: Date, timeZone: string): number {
  return new TZDate(instant, timeZone).getHours();
}

/**
 * The end of the `days`-th market day after the day of `instant` (the first instant of the next
 * day): "14 days counted from the day after" a voucher arrived ends here. Calendar days in the
 * market's zone, so a clock change inside the window moves nothing.
 */
export function endOfMarketDaysAfter(instant: Date, days: number, timeZone: string): Date {
  return new Date(addDays(startOfDay(new TZDate(instant, timeZone)), days + 1).getTime());
}
