import { addGiftCard } from "../../modules/basket/add-gift-card";
import { createBasket, linkCustomer } from "../../modules/basket/create-basket";
import type { GiftCardChoice } from "../../modules/gift-cards/gift-card-choice";
import { type RedeemedGiftCard, redeemGiftCard } from "../../modules/gift-cards/redeem-gift-card";
import type { RequestServices } from "../context";
import { type ErrorStatus, shownError } from "../errors";
import { checkGuessLimit, GUESS_LIMITS, recordFailedGuess } from "../security/rate-limits";
import { basketActor, basketCookie, type BuyingSettings } from "./buying-context";
import { currentBasket } from "./shop-basket";

type Services = Pick<RequestServices, "db" | "brand" | "clock" | "customer" | "cookies" | "log" | "clientIp">;

/**
 * A gift card joins the visitor's open basket (or a new one, remembered in the basket cookie).
 * Returns the basket token for /checkout/{basketToken}.
 */
export async function putGiftCardInBasket(services: Services, settings: BuyingSettings, choice: GiftCardChoice): Promise<string> {
  const actor = basketActor(services, settings);
  const basket = (await currentBasket(services, settings)) ?? (await createBasket(services.db, { eligibleForVip: false, products: [] }, actor));
  await addGiftCard(services.db, basket.token, choice, actor);
  // A guest's basket becomes the customer's once they are signed in.
  if (services.customer && basket.customerId === null) await linkCustomer(services.db, basket.token, {}, actor);
  basketCookie.set(services, basket.token);
  return basket.token;
}

export type RedemptionOutcome =
  | { ok: true; redeemed: RedeemedGiftCard }
  | { ok: false; status: ErrorStatus; code: string; message: string; retryAfterSeconds?: number };

/**
 * A code typed at /giftcard/redeem (page or API), within the guessing limit: a code not
 * recognised counts against the customer and the client's IP, and once they have used up their
 * tries no code is looked up until the window ends. Expired and other-currency cards are real
 * cards: they do not count as guesses.
 */
export async function redeemWithinGuessLimit(services: Services, customerId: number, code: string): Promise<RedemptionOutcome> {
  const subjects = { customerId };
  const limit = await checkGuessLimit(services, "giftCardCode", subjects);
  if (!limit.allowed) return { ok: false, status: 429, code: "TOO_MANY_GUESSES", message: GUESS_LIMITS.giftCardCode.message, retryAfterSeconds: limit.retryAfterSeconds };
  try {
    const redeemed = await redeemGiftCard(services.db, {
      customerId,
      currency: services.brand.currency,
      code,
      at: services.clock.now(),
      actor: { type: "customer", id: String(customerId) },
    });
    return { ok: true, redeemed };
  } catch (error) {
    const shown = shownError(error);
    if (shown.code === "NOT_RECOGNIZED") await recordFailedGuess(services, "giftCardCode", subjects);
    return { ok: false, status: shown.status, code: shown.code, message: shown.message };
  }
}
