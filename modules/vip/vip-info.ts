import { BRANDS, type BrandId } from "../../lib/brand";
import type { Currency } from "../../lib/money";
import { MY_SUBSCRIPTIONS_PATH, VIP_REMINDER_DAYS, VIP_TERMS_PATH, VIP_TRIAL_DAYS, VIP_YEARLY_PRICE, vipRenewalTerms } from "./vip-terms";

/**
 * The VIP info call (spec §7: "GET a VIP info endpoint (id differs by brand; statuses below 500
 * accepted)"): GET /v1/vip-info/{id}, where each brand has its own programme id. An id of another
 * brand, or none, is a 404: a client reading statuses below 500 as answers shows no VIP offer.
 */
export const VIP_PROGRAMME_IDS: Record<BrandId, string> = {
  wowcher: "wowcher-vip",
  wowcherie: "wowcherie-vip",
  livingsocial: "livingsocial-vip",
  livingsocialie: "livingsocialie-vip",
};

export interface VipInfo {
  id: string;
  brand: BrandId;
  name: string;
  price: { amount: number; currency: Currency };
  /** ISO 8601 duration of one paid period. */
  period: "P1Y";
  trialDays: number;
  reminderDaysBeforeRenewal: number;
  renewalTerms: string;
  /** Spec §9: up to an extra 10% off with VIP prices. */
  benefits: string[];
  subscriptionsUrl: string;
  termsUrl: string;
}

export function vipInfo(brand: BrandId, id: string): VipInfo | null {
  if (VIP_PROGRAMME_IDS[brand] !== id) return null;
  const { currency, displayName } = BRANDS[brand];
  return {
    id,
    brand,
    name: `${displayName} VIP`,
    price: { amount: VIP_YEARLY_PRICE[currency], currency },
    period: "P1Y",
    trialDays: VIP_TRIAL_DAYS,
    reminderDaysBeforeRenewal: VIP_REMINDER_DAYS,
    renewalTerms: vipRenewalTerms(currency),
    benefits: ["VIP prices: up to an extra 10% off deals that have them", "VIP-only deals and early access to new deals"],
    subscriptionsUrl: MY_SUBSCRIPTIONS_PATH,
    termsUrl: VIP_TERMS_PATH,
  };
}
