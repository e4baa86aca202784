import type { Basket } from "../../modules/basket/baskets";
import { type CheckoutData, describeCheckout } from "../../modules/checkout/checkout-data";
import { quoteCheckout } from "../../modules/checkout/quote-checkout";
import { normalisePromoCode } from "../../modules/promotions/promo-codes";
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
/** What GET /v1/checkout/{token} may ask to see without changing the basket. */
export interface CheckoutPreview {
  /** A promo code as typed ("" shows the basket without one). */
  promoCode?: string;
  /** Whether wallet credit would pay (a signed-in customer's). */
  useWallet?: boolean;
}

export async function checkoutView(
  services: Pick<RequestServices, "db" | "brand" | "clock" | "customer">,
  settings: BuyingSettings,
  basket: Basket,
  options: { status: "READY" | "REFRESHED"; device: PaymentDevice } & CheckoutPreview,
): Promise<CheckoutData> {
  const actor = basketActor(services, settings);
  const customer = services.customer;
  // A preview changes only this answer, never the basket (GETs never write).
  const previewed = options.useWallet === undefined ? basket : { ...basket, useWallet: options.useWallet };
  const promoCode = options.promoCode === undefined ? {} : { promoCode: normalisePromoCode(options.promoCode) || null };
  const quote = await quoteCheckout(services.db, previewed, actor, promoCode);
  return describeCheckout(services.db, quote, {
    customer: customer && { id: customer.id, customerToken: customer.customerToken },
    device: options.device,
    enabledMethods: settings.enabledMethods,
    status: options.status,
    now: actor.now,
  });
}
