import { merchantError } from "./errors";

/**
 * Spec §7 `/merchant-dashboard-url?merchantType=`: the kinds of merchant we know (local services,
 * travel, shops posting goods) all use the one portal, which shows what applies to each voucher
 * (docs/decisions/after-sale-merchant-portal.md).
 */
export const MERCHANT_TYPES = ["local", "travel", "shop"] as const;
export type MerchantType = (typeof MERCHANT_TYPES)[number];

export const MERCHANT_PORTAL_PATH = "/merchant";

/** The portal's absolute address for a merchant type, from the brand's public origin. */
export function merchantDashboardUrl(publicOrigin: string, merchantType: string | undefined): string {
  if (!MERCHANT_TYPES.includes(merchantType as MerchantType)) throw merchantError("UNKNOWN_MERCHANT_TYPE");
  return `${publicOrigin}${MERCHANT_PORTAL_PATH}`;
}
