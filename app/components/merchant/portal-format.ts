import { type Currency, formatBalance } from "../../../lib/money";

/** "23 November 2026, 14:05" in the market's time zone. */
export function formatPortalTime(value: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone }).format(new Date(value));
}

/** "23 November 2026" in the market's time zone. */
export function formatPortalDate(value: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone }).format(new Date(value));
}

/** Amounts on statements and sales: nothing is "£0.00", not the shop's "FREE". */
export function formatPortalMoney(minor: number, currency: Currency): string {
  return formatBalance(minor, currency);
}
