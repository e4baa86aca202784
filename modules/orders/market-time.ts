import { localDate, marketTimeZone, startOfLocalDay } from "../catalog/rules/local-time";

/**
 * Daily and weekly caps count sales since the start of the market's day and week (Monday), on the
 * market's own clock, so "today" ends at midnight in London or Dublin, not in UTC.
 */
export { marketTimeZone };

const DAY_MS = 86_400_000;

export function startOfMarketDay(now: Date, timeZone: string): Date {
  return startOfLocalDay(now, timeZone);
}

export function startOfMarketWeek(now: Date, timeZone: string): Date {
  // The local calendar date, read as a UTC date, has the local weekday.
  const daysSinceMonday = (new Date(localDate(now, timeZone)).getUTCDay() + 6) % 7;
  const today = startOfLocalDay(now, timeZone);
  // Noon of the Monday, so a DST change in between cannot move it to another day.
  return startOfLocalDay(new Date(today.getTime() - daysSinceMonday * DAY_MS + DAY_MS / 2), timeZone);
}
