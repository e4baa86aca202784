import type { Db } from "../../db/client";
import { type Basket, type BasketActor, lockOpenBasket, touchBasket } from "../basket/baskets";
import type { PromoResult } from "../promotions/evaluate-promo";
import { normalisePromoCode } from "../promotions/promo-codes";
import { quoteCheckout } from "./quote-checkout";

/**
 * Applies a promo code the shopper typed: it is kept on the basket only when it applies; otherwise
 * the answer says why (expired, invalid, …) and the basket keeps what it had. An empty code removes it.
 */
export async function applyPromoCode(db: Db, basket: Basket, actor: BasketActor, code: string): Promise<PromoResult | null> {
  const typed = normalisePromoCode(code);
  if (typed === "") {
    await db.transaction(async (tx) => {
      const locked = await lockOpenBasket(tx, basket.token, actor);
      await touchBasket(tx, locked.id, actor.now, { promoCode: null });
    });
    return null;
  }
  const quote = await quoteCheckout(db, basket, actor, { promoCode: typed });
  if (quote.promo?.applicable) {
    await db.transaction(async (tx) => {
      const locked = await lockOpenBasket(tx, basket.token, actor);
      await touchBasket(tx, locked.id, actor.now, { promoCode: typed });
    });
  }
  return quote.promo;
}

/** POST /v1/user/wallet/apply-credit: whether wallet credit pays towards this basket's order. */
export async function useWalletCredit(db: Db, basket: Basket, actor: BasketActor, use: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockOpenBasket(tx, basket.token, actor);
    await touchBasket(tx, locked.id, actor.now, { useWallet: use });
  });
}
