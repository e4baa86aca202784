import { BRANDS, type BrandId } from "../../lib/brand";
import { marketTimeZone } from "../../lib/market-time";
import { type Currency, formatMoney } from "../../lib/money";

/**
 * The VIP subscription's terms (docs/decisions/vip-lifecycle.md): the numbers every screen, email
 * and job uses, and the sentences shown next to every way to opt in, before the shopper does.
 */

/** Spec §9: VIP costs 4.99 a year (pounds on the UK brands, euro on the Irish ones). */
export const VIP_YEARLY_PRICE: Record<Currency, number> = { GBP: 499, EUR: 499 };
/** Spec §9 "a trial of 60": days (decided; a two-month trial is what the offer copy reads as). */
export const VIP_TRIAL_DAYS = 60;
/** The renewal reminder goes this many days before the period ends (once per period end). */
export const VIP_REMINDER_DAYS = 14;
/**
 * A paid year's renewal is charged this many days before it ends, so a failed charge leaves days
 * to pay before VIP lapses. A free trial is charged when it ends, never before.
 */
export const VIP_RENEWAL_LEAD_DAYS = 3;
/**
 * A renewal that is due but could not be attempted yet (the gateway was unreachable) keeps the
 * membership from expiring for this long past its end, so the retry can still renew it.
 */
export const VIP_RENEWAL_GRACE_DAYS = 2;
/**
 * A VIP price is at most this much below the option's price (the terms' "up to N% off"): every
 * member price the seed or anyone else sets goes through `withinVipPromise`, and the seed's
 * invariant test checks the whole catalogue against it (docs/decisions/copy-promises-from-rules.md).
 */
export const VIP_MAX_EXTRA_DISCOUNT_PERCENT = 15;
/** The checkout box that opts in to renewal starts with these words (the terms quote them). */
export const VIP_RENEWAL_BOX_WORDS = "Renew my VIP membership every year";
export const MY_SUBSCRIPTIONS_PATH = "/myaccount/subscriptions";
export const VIP_TERMS_PATH = "/page/vip-terms-and-conditions";

const DAY_MS = 86_400_000;

export function daysAfter(instant: Date, days: number): Date {
  return new Date(instant.getTime() + days * DAY_MS);
}

/** When a membership's renewal may be charged: a paid year 3 days before it ends, a trial at its end. */
export function renewalDueAt(membership: { periodEnd: Date; trial: boolean }): Date {
  return membership.trial ? membership.periodEnd : daysAfter(membership.periodEnd, -VIP_RENEWAL_LEAD_DAYS);
}

/**
 * A member price kept within VIP_MAX_EXTRA_DISCOUNT_PERCENT of the price: raised to the lowest whole
 * 50p step the promise allows, or null when no such step is below the price.
 */
export function withinVipPromise(price: number, vipPrice: number | null): number | null {
  if (vipPrice === null) return null;
  const lowest = Math.ceil((price * (100 - VIP_MAX_EXTRA_DISCOUNT_PERCENT)) / 100 / 50) * 50;
  const capped = Math.max(vipPrice, lowest);
  return capped < price ? capped : null;
}

/** "21 November 2027" in the brand's market. */
export function vipDate(instant: Date, brand: BrandId): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: marketTimeZone(BRANDS[brand].countryCode) }).format(instant);
}

export function vipPrice(currency: Currency): string {
  return formatMoney(VIP_YEARLY_PRICE[currency], currency);
}

/** How renewal works, shown before a shopper agrees to it (checkout, My Subscriptions, emails). */
export function vipRenewalTerms(currency: Currency): string {
  return `VIP renews every year at ${vipPrice(currency)} until you cancel. We email you a reminder ${VIP_REMINDER_DAYS} days before each renewal, and you can cancel renewal in one click in My Subscriptions.`;
}

/** The free trial's terms, shown next to the button that starts it. */
export function vipTrialTerms(currency: Currency): string {
  return `Free for ${VIP_TRIAL_DAYS} days, then ${vipPrice(currency)} a year, charged to your saved card when the trial ends. Nothing is charged before then. ${vipRenewalTerms(currency)}`;
}

/** Next to the checkout's VIP add-on, before it is added: the price, and that renewal is the shopper's choice. */
export function vipAddonTerms(currency: Currency): string {
  return `${vipPrice(currency)} for one year. It renews only if you tick "${VIP_RENEWAL_BOX_WORDS}" when you pay by card: VIP then renews every year at ${vipPrice(currency)} until you cancel, with a reminder email ${VIP_REMINDER_DAYS} days before each renewal and one-click cancelling in My Subscriptions. Otherwise your VIP year simply ends.`;
}

/** The checkout's renewal box (never ticked for the shopper) and what ticking it means. */
export function vipCheckoutRenewal(currency: Currency): { label: string; terms: string } {
  return {
    label: `${VIP_RENEWAL_BOX_WORDS} at ${vipPrice(currency)} until I cancel`,
    terms: `Optional. Ticked, we save the card you pay with and charge it ${vipPrice(currency)} shortly before each VIP year ends. We email you a reminder ${VIP_REMINDER_DAYS} days before each renewal, and you can cancel renewal in one click in My Subscriptions. Not ticked, or paying with PayPal or another wallet, your VIP year simply ends.`,
  };
}

/** The confirmation shown once renewal is cancelled (page and API). */
export function renewalCancelledMessage(periodEnd: Date | null, brand: BrandId): string {
  return periodEnd
    ? `Renewal cancelled. Your VIP membership will not renew and nothing more will be charged. You stay a VIP until ${vipDate(periodEnd, brand)}.`
    : "Renewal cancelled. Your VIP membership will not renew and nothing more will be charged.";
}
