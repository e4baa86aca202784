import { useRouteLoaderData } from "react-router";
import { type Currency, formatMoney } from "../../lib/money";
import { VIP_ADDON_PRICE } from "../../modules/basket/line-pricing";

/** Where "Join VIP" goes: a page that repeats the price and terms and asks once more (docs/decisions/vip-hub.md). */
export const VIP_JOIN_PATH = "/vip/join";
export const VIP_TERMS_PATH = "/page/vip-terms-and-conditions";
export const VIP_HUB_PATH = "/deals/vip";

/** The price and renewal terms, shown before any way to join (UK consumer law: nothing pre-selected, terms first). */
export function vipRenewalTerms(currency: Currency): string {
  const price = formatMoney(VIP_ADDON_PRICE[currency], currency);
  return `VIP costs ${price} a year. It renews automatically at ${price} a year unless you cancel renewal, which is one click in My Subscriptions; we email you before every renewal.`;
}

/** The brand's currency, from the root loader. */
export function useBrandCurrency(): Currency {
  return useRouteLoaderData<{ brand: { currency: Currency } }>("root")?.brand.currency ?? "GBP";
}
