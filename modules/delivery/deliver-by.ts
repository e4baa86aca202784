import { TZDate } from "@date-fns/tz";
import { addDays, isWeekend } from "date-fns";
import { localDate } from "../../lib/market-time";
import type { GiftPreset } from "../catalog/gift-presets";

/** Goods are promised within 5 working days of purchase (docs/decisions/after-sale-delivery-returns.md). */
export const DELIVERY_WORKING_DAYS = 5;
/** Spec §9: the next-day gift pack is delivered in 1 working day when ordered before 2pm (market time). */
export const NEXT_DAY_CUTOFF_HOUR = 14;
/** Spec §9: the standard gift pack arrives in 3 days (working days, like every promise here). */
export const STANDARD_GIFT_PACK_WORKING_DAYS = 3;

/**
 * Working days to the "on or before" date of goods bought at `purchasedAt`: a next-day gift pack
 * ordered on a working day before 2pm goes out that day and arrives the next working day; ordered
 * later (or at a weekend) it goes out the next working day, so arrives one working day after that.
 * Goods bought with next working day delivery (`nextDay`) are promised the same way. The standard
 * gift pack takes 3 working days; everything else (gift wrap included) the usual 5.
 */
export function deliveryWorkingDays(purchasedAt: Date, timeZone: string, giftPreset: GiftPreset | null, nextDay = false): number {
  if (nextDay || giftPreset === "NEXT_DAY_GIFT_PACK") {
    const local = new TZDate(purchasedAt, timeZone);
    return !isWeekend(local) && local.getHours() < NEXT_DAY_CUTOFF_HOUR ? 1 : 2;
  }
  return giftPreset === "STANDARD_DELIVERY_GIFT_PACK" ? STANDARD_GIFT_PACK_WORKING_DAYS : DELIVERY_WORKING_DAYS;
}

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
