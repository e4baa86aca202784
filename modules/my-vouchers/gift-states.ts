/**
 * Spec §4 display states of a voucher the shopper bought. "Gift it" is also the checkout's gift
 * choice and the words the FAQ tells shoppers to press: one constant, so the copy cannot drift.
 */
export const GIFT_STATES = { GIFT_IT: "Gift it", GIFTED: "Gifted", GIFT_PACK: "Gift Pack", GIFT_PACK_SENT: "Gift Pack Sent" } as const;
export type GiftState = keyof typeof GIFT_STATES;
