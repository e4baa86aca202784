import type { Basket } from "../../modules/basket/baskets";
import { type CheckoutData, describeCheckout } from "../../modules/checkout/checkout-data";
import { quoteCheckout } from "../../modules/checkout/quote-checkout";
import { basketActor, type BuyingSettings } from "./buying-context";
import type { RequestServices } from "../context";

/** What the browser says it can pay with (spec §7 alternative payment methods header). */
export interface PaymentDevice {
  applePay: boolean;
  specialBrowser: boolean;
}

/** The page renders before the browser can say: it offers what every browser has. */
export const UNKNOWN_DEVICE: PaymentDevice = { applePay: false, specialBrowser: false };

/**
 * The checkout data (spec §3 checkoutData) for a basket as it is now: the API's GET checkout and
 * the checkout page both answer with this, so they always agree. A typed code that does not apply
 * is answered (`promoCode`) but never kept on the basket.
 */
export async function checkoutView(
  services: Pick<RequestServices, "db" | "brand" | "clock" | "customer">,
  settings: BuyingSettings,
  basket: Basket,
  options: { status: "READY" | "REFRESHED"; promoCode?: string; device: PaymentDevice },
): Promise<CheckoutData> {
  const actor = basketActor(services, settings);
  const customer = services.customer;
  const quote = await quoteCheckout(services.db, basket, actor, options.promoCode ? { promoCode: options.promoCode } : {});
  return describeCheckout(services.db, quote, {
    customer: customer && { id: customer.id, customerToken: customer.customerToken },
    device: options.device,
    enabledMethods: settings.enabledMethods,
    status: options.status,
    now: actor.now,
  });
}
