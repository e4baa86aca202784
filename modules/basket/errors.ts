import { DomainError, type ErrorCatalog } from "../../lib/errors";
import { TRAVEL_MESSAGES } from "../travel/errors";

/** Basket error codes with their HTTP status and the shopper-facing texts (spec transactions §5 and §8, Basket). */
export const BASKET_ERRORS = {
  BASKET_NOT_FOUND: { status: 404, message: "No Basket Token available for checkout" },
  ARGS_MALFORMED: { status: 400, message: "args malformed" },
  LINE_NOT_FOUND: { status: 404, message: "Oops! This item is no longer available." },
  ITEM_UNAVAILABLE: { status: 409, message: "Oops! This item is no longer available." },
  MAX_QUANTITY_REACHED: {
    status: 409,
    message: "Oops! You've reached the max quantity for some items. Please remove them or choose a different product to continue.",
  },
  MAX_QUANTITY_TODAY: { status: 409, message: "The maximum quantity of this deal that you can buy today is ###dealcap###" },
  BASKET_CLOSED: { status: 409, message: "Oops! Something went wrong. Please try again or click Add to Basket to complete your purchase." },
  // Not in the spec's catalogue: a non-member is told why, and how to buy it (docs/decisions/vip-hub.md).
  VIP_ONLY: { status: 409, message: "Oops! This item is for VIP members only. Join VIP to buy it." },
  INVALID_QUANTITY: { status: 400, message: "Please choose at least one product" },
  CUSTOMER_MISMATCH: { status: 404, message: "No Basket Token available for checkout" },
  GIFT_RECIPIENT_REQUIRED: { status: 400, message: "Recipient email required to send E-voucher" },
  GIFT_RECIPIENT_NAME_REQUIRED: { status: 400, message: "Recipient name required to send E-voucher" },
  GIFT_MESSAGE_TOO_LONG: { status: 400, message: "Your gift message is too long" },
  // Travel (spec §5 Dates, §8 Travel; docs/decisions/travel-booking.md).
  TRAVEL_DATES_REQUIRED: { status: 400, message: TRAVEL_MESSAGES.DATES_REQUIRED },
  TRAVEL_CHECK_OUT_REQUIRED: { status: 400, message: TRAVEL_MESSAGES.CHECK_OUT_REQUIRED },
  TRAVEL_ARRIVAL_REQUIRED: { status: 400, message: TRAVEL_MESSAGES.ARRIVAL_REQUIRED },
  TRAVEL_NOT_AVAILABLE: { status: 409, message: TRAVEL_MESSAGES.NOT_AVAILABLE },
  TRAVEL_GUESTS_INVALID: { status: 400, message: "Please choose 2, 4, 6 or 8 passengers." },
  TRAVEL_FLIGHTS_REQUIRED: { status: 400, message: "Please choose your flights." },
  TRAVEL_FLIGHTS_UNAVAILABLE: { status: 409, message: "Sorry, there are no alternative flights for the selected times. Please choose other flights." },
  TRAVEL_ONE_BOOKING: { status: 400, message: "A stay is booked once: choose more passengers instead." },
  TRAVEL_PASSENGERS_REQUIRED: { status: 400, message: "Please enter the details of every passenger." },
} as const satisfies ErrorCatalog;

export type BasketErrorCode = keyof typeof BASKET_ERRORS;

/** The spec's cap message with the number filled in. */
export function maxQuantityTodayMessage(cap: number): string {
  return BASKET_ERRORS.MAX_QUANTITY_TODAY.message.replace("###dealcap###", String(cap));
}

/** Callers see every basket problem as BASKET_… (BASKET_NOT_FOUND and BASKET_CLOSED already are). */
function publicCode(code: BasketErrorCode): string {
  return code.startsWith("BASKET_") ? code : `BASKET_${code}`;
}

export class BasketError extends DomainError {
  constructor(
    code: BasketErrorCode,
    message: string = BASKET_ERRORS[code].message,
    /** For MAX_QUANTITY_TODAY: the most the shopper can have (also in the error's details). */
    readonly maxQuantity?: number,
  ) {
    super(publicCode(code), BASKET_ERRORS[code].status, message, maxQuantity === undefined ? undefined : { maxQuantity });
  }
}
