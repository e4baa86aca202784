import { useRouteLoaderData } from "react-router";
import type { Currency } from "../../lib/money";

/** Where "Join VIP" goes: a page that repeats the price and terms and asks once more (docs/decisions/vip-hub.md). */
export const VIP_JOIN_PATH = "/vip/join";
export const VIP_TERMS_PATH = "/page/vip-terms-and-conditions";
export const VIP_HUB_PATH = "/deals/vip";

/** The brand's currency, from the root loader. */
export function useBrandCurrency(): Currency {
  return useRouteLoaderData<{ brand: { currency: Currency } }>("root")?.brand.currency ?? "GBP";
}
