/**
 * Promo code outcomes. The spec classifies the messages by their words (expired, invalid, already
 * used, not applicable, not eligible), so each message carries exactly one of them.
 */
export const PROMO_MESSAGES = {
  LOGIN_REQUIRED: "Please log in or register to apply a promo code.",
  INVALID: "This promo code is invalid. Please check it and try again.",
  EXPIRED: "This promo code has expired.",
  ALREADY_USED: "This promo code has already been used the maximum number of times.",
  ALREADY_USED_BY_YOU: "You have already used this promo code.",
  NOT_APPLICABLE: "This promo code is not applicable to the items in your basket.",
  NOT_ELIGIBLE: "Your basket is not eligible for this promo code: spend at least ###minimum### on eligible items.",
} as const;

export type PromoProblem = keyof typeof PROMO_MESSAGES;
