import { TZDate } from "@date-fns/tz";
import { addDays, addMonths, startOfDay, startOfWeek } from "date-fns";
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

/**
 * The same local time `months` calendar months later in the market. A day the target month lacks
 * becomes its last day (31 August + 6 months is 28 February, 29 in a leap year), where adding
 * months to a UTC date would run over into March.
 */
export function addMarketMonths(instant: Date, months: number, timeZone: string): Date {
  return new Date(addMonths(new TZDate(instant, timeZone), months).getTime());
}

/**
 * The last millisecond (23:59:59.999 market time) of the market day `months` calendar months after
 * the day of `instant`: an expiry that every page shows as that day's date.
 */
export function lastMomentOfMarketDayMonthsAfter(instant: Date, months: number, timeZone: string): Date {
  return new Date(endOfMarketDaysAfter(addMarketMonths(instant, months, timeZone), 0, timeZone).getTime() - 1);
}

/** The instant a wall-clock time "2026-12-01T09:00" (as a datetime-local field sends it) names in a time zone; null if it is not one. */
export function instantOfWallTime(value: string, timeZone: string): Date | null {
  const parts = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!parts) return null;
  const [year, month, day, hour, minute] = parts.slice(1).map(Number);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const instant = new TZDate(year, month - 1, day, hour, minute, timeZone);
  // 31 February and the like roll over into another day: refuse them rather than guess.
  return instant.getDate() === day ? new Date(instant.getTime()) : null;
}

/** "2026-12-01T09:00": an instant as a datetime-local field shows it in a time zone. */
export function wallTimeOf(instant: Date, timeZone: string): string {
  const local = new TZDate(instant, timeZone);
  return `${localDate(instant, timeZone)}T${String(local.getHours()).padStart(2, "0")}:${String(local.getMinutes()).padStart(2, "0")}`;
}
