/**
 * Daily and weekly caps count sales since the start of the market's day and week (Monday), on the
 * market's own clock, so "today" ends at midnight in London or Dublin, not in UTC.
 */
export function marketTimeZone(countryCode: "GB" | "IE"): string {
  return countryCode === "IE" ? "Europe/Dublin" : "Europe/London";
}

const DAY_MS = 86_400_000;

function offsetMs(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

export function startOfMarketDay(now: Date, timeZone: string): Date {
  const local = now.getTime() + offsetMs(now, timeZone);
  const midnightLocal = Math.floor(local / DAY_MS) * DAY_MS;
  return new Date(midnightLocal - offsetMs(new Date(midnightLocal), timeZone));
}

export function startOfMarketWeek(now: Date, timeZone: string): Date {
  const today = startOfMarketDay(now, timeZone);
  const local = new Date(today.getTime() + offsetMs(today, timeZone) + DAY_MS / 2);
  const daysSinceMonday = (local.getUTCDay() + 6) % 7;
  return startOfMarketDay(new Date(today.getTime() - daysSinceMonday * DAY_MS + DAY_MS / 2), timeZone);
}
