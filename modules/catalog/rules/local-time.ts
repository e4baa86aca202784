import type { CountryCode } from "../../../lib/brand";

/** Closing days, social-cue hours and seasonal windows are read on the market's own clock. */
export function marketTimeZone(countryCode: CountryCode): string {
  return countryCode === "IE" ? "Europe/Dublin" : "Europe/London";
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function localParts(instant: Date, timeZone: string): LocalParts {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
}

/** "2026-11-21": the calendar day an instant falls on in a time zone. */
export function localDate(instant: Date, timeZone: string): string {
  const { year, month, day } = localParts(instant, timeZone);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** 0-23: the hour of the day an instant falls on in a time zone. */
export function localHour(instant: Date, timeZone: string): number {
  return localParts(instant, timeZone).hour;
}

function offsetMs(instant: Date, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The first instant of the local calendar day that contains `instant`. */
export function startOfLocalDay(instant: Date, timeZone: string): Date {
  const { year, month, day } = localParts(instant, timeZone);
  const midnightAsUtc = Date.UTC(year, month - 1, day);
  // The offset at the guess is right except across a DST change; one correction settles it.
  let guess = midnightAsUtc - offsetMs(new Date(midnightAsUtc), timeZone);
  guess = midnightAsUtc - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
}
