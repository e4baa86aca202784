import { TZDate } from "@date-fns/tz";
import { addDays, isWeekend } from "date-fns";
import { localDate } from "../../lib/market-time";

/** Goods are promised within 5 working days of purchase (docs/decisions/after-sale-delivery-returns.md). */
export const DELIVERY_WORKING_DAYS = 5;

/**
 * "Delivery on or before {date}": the `days`-th working day (Monday to Friday, in the market's
 * calendar) after the day of purchase, as a calendar date ("2026-11-27"). Bank holidays are not
 * counted out: the shop keeps no holiday calendar, and the promise is the merchant's latest date.
 */
export function deliverBy(purchasedAt: Date, timeZone: string, days = DELIVERY_WORKING_DAYS): string {
  let day = new TZDate(purchasedAt, timeZone);
  let left = days;
  while (left > 0) {
    day = addDays(day, 1);
    if (!isWeekend(day)) left -= 1;
  }
  return localDate(day, timeZone);
}

const dayFormat = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "Friday, 27 November 2026" for a calendar date like "2026-11-27" (no time zone: it is a day). */
export function formatDeliveryDate(date: string): string {
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}
