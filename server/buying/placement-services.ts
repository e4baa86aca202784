import type { CheckoutPlacementServices } from "../../modules/orders/place-order";
import type { RequestServices } from "../context";
import { type BuyingSettings, paymentProvider } from "./buying-context";

/** Where the gateway sends the shopper back after 3-D Secure: the brand's configured origin, never the Host header. */
export function paymentReturnUrl(publicOrigin: string, basketToken: string, attemptId: number): string {
  return `${publicOrigin}/checkout/${encodeURIComponent(basketToken)}/payment-return?attempt=${attemptId}`;
}

/** What placing (or completing) a checkout's order needs from this request. */
export function checkoutPlacementServices(
  services: Pick<RequestServices, "db" | "clock" | "adapters" | "brand" | "log" | "publicOrigin">,
  settings: BuyingSettings,
  basketToken: string,
): CheckoutPlacementServices {
  return {
    db: services.db,
    provider: paymentProvider(services),
    clock: services.clock,
    brand: services.brand,
    holdMs: settings.holdMs,
    voucherReadyMs: settings.voucherReadyMs,
    enabledMethods: settings.enabledMethods,
    log: services.log,
    linkOrigin: services.publicOrigin,
    actionReturnUrl: (attemptId) => paymentReturnUrl(services.publicOrigin, basketToken, attemptId),
  };
}
