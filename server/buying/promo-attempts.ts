import type { Basket, BasketActor } from "../../modules/basket/baskets";
import { applyPromoCode } from "../../modules/checkout/checkout-choices";
import { quoteCheckout } from "../../modules/checkout/quote-checkout";
import type { PromoResult } from "../../modules/promotions/evaluate-promo";
import { normalisePromoCode } from "../../modules/promotions/promo-codes";
import type { RequestServices } from "../context";
import { checkGuessLimit, recordFailedGuess } from "../security/rate-limits";

export type PromoAttempt =
  | { limited: false; promo: PromoResult | null }
  | { limited: true; retryAfterSeconds: number };

/**
 * Applies a promo code the shopper typed, within the guessing limit (API and checkout page alike):
 * a code that is not recognised counts against the client's IP and the customer, and once they
 * have used up their tries no code is looked up until the window ends. Removing a code always works.
 * `preview` (GET /v1/checkout/{token}?promoCode=…) only says what the code would do: GETs never
 * change the basket, but a preview is a guess like any other.
 */
export async function tryPromoCode(
  services: Pick<RequestServices, "db" | "clock" | "brand" | "clientIp" | "customer">,
  basket: Basket,
  actor: BasketActor,
  code: string,
  options: { preview?: boolean } = {},
): Promise<PromoAttempt> {
  const subjects = { customerId: services.customer?.id };
  if (normalisePromoCode(code) !== "") {
    const limit = await checkGuessLimit(services, "promoCode", subjects);
    if (!limit.allowed) return { limited: true, retryAfterSeconds: limit.retryAfterSeconds };
  }
  const promo = options.preview
    ? (await quoteCheckout(services.db, basket, actor, { promoCode: normalisePromoCode(code) || null })).promo
    : await applyPromoCode(services.db, basket, actor, code);
  if (promo && !promo.applicable && promo.problem === "INVALID") await recordFailedGuess(services, "promoCode", subjects);
  return { limited: false, promo };
}
