import { TZDate } from "@date-fns/tz";
import { addDays, differenceInCalendarDays } from "date-fns";
import type { PayoutFrequency } from "../catalog/schema";

/** When a payout run closes: a day of the week and a time, in the market's clock (PAYOUT_CUTOFF). */
export interface PayoutCutoff {
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  hour: number;
  minute: number;
  timeZone: string;
}

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/** Payouts are a UK business's BACS run: the cut-off is UK time, whichever market the sale was in. */
export const UK_PAYOUT_TIME_ZONE = "Europe/London";

/** "Wednesday 14:00" → the cut-off, or null when it names no weekday and time. */
export function parsePayoutCutoff(text: string, timeZone: string): PayoutCutoff | null {
  const match = /^([a-z]+)\s+([01]\d|2[0-3]):([0-5]\d)$/i.exec(text.trim());
  const weekday = match ? WEEKDAYS.indexOf(match[1].toLowerCase()) : -1;
  if (!match || weekday < 0) return null;
  return { weekday, hour: Number(match[2]), minute: Number(match[3]), timeZone };
}

/** The latest cut-off at or before `now` (the run that is due). */
export function latestCutoff(cutoff: PayoutCutoff, now: Date): Date {
  const local = new TZDate(now, cutoff.timeZone);
  const daysBack = (local.getDay() - cutoff.weekday + 7) % 7;
  const day = addDays(local, -daysBack);
  let candidate = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), cutoff.hour, cutoff.minute, cutoff.timeZone);
  if (candidate.getTime() > now.getTime()) {
    const weekBefore = addDays(day, -7);
    candidate = new TZDate(weekBefore.getFullYear(), weekBefore.getMonth(), weekBefore.getDate(), cutoff.hour, cutoff.minute, cutoff.timeZone);
  }
  return new Date(candidate.getTime());
}

/**
 * Whether a merchant on this frequency is paid in the run at `cutoffAt`, given the cut-off of its
 * last payout: weekly every run, fortnightly every second week, monthly in the first run of each
 * calendar month (market time). A merchant never paid is always due.
 */
export function payoutDue(frequency: PayoutFrequency, lastCutoff: Date | null, cutoffAt: Date, timeZone: string): boolean {
  if (!lastCutoff || frequency === "weekly") return true;
  const last = new TZDate(lastCutoff, timeZone);
  const now = new TZDate(cutoffAt, timeZone);
  if (frequency === "fortnightly") return differenceInCalendarDays(now, last) >= 14;
  return now.getFullYear() * 12 + now.getMonth() > last.getFullYear() * 12 + last.getMonth();
}
