import { isCalendarDay } from "./stay-rules";

/**
 * Travel dates as people and links write them (spec §9 Travel: DD/MM/YYYY, DD/MM/YY, DD-MM-YYYY,
 * and the ISO YYYY-MM-DD the API answers with), read into "YYYY-MM-DD", or null when the text is
 * not a real day. Two-digit years are this century (a hotel-ads link never books 1926).
 */
export function parseTravelDate(text: string): string | null {
  const value = text.trim();
  const isoForm = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const dayFirst = /^(\d{2})([/-])(\d{2})\2(\d{4}|\d{2})$/.exec(value);
  let iso: string | null = null;
  if (isoForm) iso = value;
  // DD-MM-YY is not one of the accepted forms (it reads like YY-MM-DD).
  else if (dayFirst && !(dayFirst[2] === "-" && dayFirst[4].length === 2)) {
    const year = dayFirst[4].length === 2 ? `20${dayFirst[4]}` : dayFirst[4];
    iso = `${year}-${dayFirst[3]}-${dayFirst[1]}`;
  }
  return iso && isCalendarDay(iso) ? iso : null;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a "YYYY-MM-DD" day (UTC calendar arithmetic, no time zones). */
export function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

const dayStrings = new Map<number, string>();

/** "YYYY-MM-DD" of a day number (remembered: a calendar asks for the same few hundred days all day). */
export function dayString(dayNumberValue: number): string {
  let text = dayStrings.get(dayNumberValue);
  if (text === undefined) {
    text = new Date(dayNumberValue * DAY_MS).toISOString().slice(0, 10);
    if (dayStrings.size >= 10_000) dayStrings.clear();
    dayStrings.set(dayNumberValue, text);
  }
  return text;
}

/** The first day of a month (1–12) and the number of days in it. */
export function monthRange(year: number, month: number): { first: number; days: number } {
  const first = Math.round(Date.UTC(year, month - 1, 1) / DAY_MS);
  const next = Math.round(Date.UTC(year, month, 1) / DAY_MS);
  return { first, days: next - first };
}

/** The month (1–12) and year a day number falls in. */
export function monthOf(dayNumberValue: number): { month: number; year: number } {
  const at = new Date(dayNumberValue * DAY_MS);
  return { month: at.getUTCMonth() + 1, year: at.getUTCFullYear() };
}
