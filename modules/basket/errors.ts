/** Basket error codes with the shopper-facing texts (spec transactions §5 and §8, Basket). */
export const BASKET_ERRORS = {
  BASKET_NOT_FOUND: "No Basket Token available for checkout",
  ARGS_MALFORMED: "args malformed",
  LINE_NOT_FOUND: "Oops! This item is no longer available.",
  ITEM_UNAVAILABLE: "Oops! This item is no longer available.",
  MAX_QUANTITY_REACHED: "Oops! You've reached the max quantity for some items. Please remove them or choose a different product to continue.",
  MAX_QUANTITY_TODAY: "The maximum quantity of this deal that you can buy today is ###dealcap###",
  BASKET_CLOSED: "Oops! Something went wrong. Please try again or click Add to Basket to complete your purchase.",
  VIP_ONLY: "Oops! This item is no longer available.",
  INVALID_QUANTITY: "Please choose at least one product",
  CUSTOMER_MISMATCH: "No Basket Token available for checkout",
  GIFT_RECIPIENT_REQUIRED: "Recipient email required to send E-voucher",
  GIFT_RECIPIENT_NAME_REQUIRED: "Recipient name required to send E-voucher",
  GIFT_MESSAGE_TOO_LONG: "Your gift message is too long",
} as const;

export type BasketErrorCode = keyof typeof BASKET_ERRORS;

/** The spec's cap message with the number filled in. */
export function maxQuantityTodayMessage(cap: number): string {
  return BASKET_ERRORS.MAX_QUANTITY_TODAY.replace("###dealcap###", String(cap));
}

export class BasketError extends Error {
  constructor(
    readonly code: BasketErrorCode,
    message: string = BASKET_ERRORS[code],
    /** For MAX_QUANTITY_TODAY: the most the shopper can have. */
    readonly maxQuantity?: number,
  ) {
    super(message);
  }
}
