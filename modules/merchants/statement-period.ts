import { TZDate } from "@date-fns/tz";
import { addDays, addMonths, differenceInCalendarDays, startOfMonth } from "date-fns";
import { localDate } from "../../lib/market-time";

/** A statement's days, inclusive, as the merchant reads them, and the instants they cover [start, end). */
export interface StatementPeriod {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

/** Longest period one statement covers (a year and a day, for leap years). */
export const MAX_STATEMENT_DAYS = 366;
export const INVALID_PERIOD_MESSAGE = `Please choose a valid period: a start date on or before the end date, at most ${MAX_STATEMENT_DAYS} days.`;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function marketDay(text: string, timeZone: string): TZDate | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new TZDate(year, month - 1, day, timeZone);
  // 2026-02-31 rolls over into March: not a date.
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

function period(first: TZDate, last: TZDate, timeZone: string): StatementPeriod {
  return { from: localDate(first, timeZone), to: localDate(last, timeZone), start: new Date(first.getTime()), end: new Date(addDays(last, 1).getTime()) };
}

/** Last calendar month in the market's time: the statement a merchant most often wants. */
export function lastCalendarMonth(now: Date, timeZone: string): StatementPeriod {
  const thisMonth = startOfMonth(new TZDate(now, timeZone));
  const first = addMonths(thisMonth, -1);
  return period(first, addDays(thisMonth, -1), timeZone);
}

/**
 * The period asked for (?from=YYYY-MM-DD&to=YYYY-MM-DD, market days, inclusive), last calendar
 * month when neither is given, or an error for dates that are not, are the wrong way round, or
 * span more than a year.
 */
export function statementPeriod(
  asked: { from?: string | null; to?: string | null },
  now: Date,
  timeZone: string,
): { ok: true; period: StatementPeriod } | { ok: false; message: string; period: StatementPeriod } {
  const fallback = lastCalendarMonth(now, timeZone);
  if (!asked.from && !asked.to) return { ok: true, period: fallback };
  const first = marketDay(asked.from ?? "", timeZone);
  const last = marketDay(asked.to ?? "", timeZone);
  if (!first || !last) return { ok: false, message: INVALID_PERIOD_MESSAGE, period: fallback };
  const days = differenceInCalendarDays(last, first) + 1;
  if (days < 1 || days > MAX_STATEMENT_DAYS) return { ok: false, message: INVALID_PERIOD_MESSAGE, period: fallback };
  return { ok: true, period: period(first, last, timeZone) };
}
