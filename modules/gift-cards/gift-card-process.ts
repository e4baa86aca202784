import { defineProcess } from "../states/transition";
import { type GiftCardStatus, giftCards } from "./schema";

/**
 * A gift card's life: issued with the order that bought it, then redeemed once into a wallet, or
 * expired unredeemed 6 months after purchase (spec §9), or voided by customer service while
 * unredeemed (docs/decisions/customer-service-actions.md). All three ends are final
 * (docs/decisions/gift-cards.md).
 */
export const GIFT_CARD_PROCESS = defineProcess<GiftCardStatus>({
  aggregate: "gift_card",
  table: giftCards,
  initial: ["ISSUED"],
  transitions: {
    ISSUED: ["REDEEMED", "EXPIRED", "VOIDED"],
    REDEEMED: [],
    EXPIRED: [],
    VOIDED: [],
  },
});
