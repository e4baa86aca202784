import { recordRedemption } from "../../promotions/promo-codes";
import type { OrderPlacedStep } from "./context";

export const redeemPromoCodeStep: OrderPlacedStep = {
  name: "redeem promo code",
  async run({ tx, order, quote, now }) {
    if (quote.promoCodeId === null || quote.discount <= 0) return;
    await recordRedemption(tx, { promoCodeId: quote.promoCodeId, customerId: order.customerId, orderId: order.id, amount: quote.discount, at: now });
  },
};
