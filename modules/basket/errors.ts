import { DomainError, errorCatalogue } from "../../lib/errors";
import { TRAVEL_MESSAGES } from "../travel/errors";

/** Basket error codes with their HTTP status and the shopper-facing texts (spec transactions §5 and §8, Basket). */
export const BASKET_ERRORS = errorCatalogue({
  400: {
    ARGS_MALFORMED: "args malformed",
    INVALID_QUANTITY: "Please choose at least one product",
    GIFT_RECIPIENT_REQUIRED: "Recipient email required to send E-voucher",
    GIFT_RECIPIENT_NAME_REQUIRED: "Recipient name required to send E-voucher",
    GIFT_MESSAGE_TOO_LONG: "Your gift message is too long",
    // Travel (spec §5 Dates, §8 Travel; docs/decisions/travel-booking.md).
    TRAVEL_DATES_REQUIRED: TRAVEL_MESSAGES.DATES_REQUIRED,
    TRAVEL_CHECK_OUT_REQUIRED: TRAVEL_MESSAGES.CHECK_OUT_REQUIRED,
    TRAVEL_ARRIVAL_REQUIRED: TRAVEL_MESSAGES.ARRIVAL_REQUIRED,
    TRAVEL_GUESTS_INVALID: "Please choose 2, 4, 6 or 8 passengers.",
    TRAVEL_FLIGHTS_REQUIRED: "Please choose your flights.",
    TRAVEL_ONE_BOOKING: "A stay is booked once: choose more passengers instead.",
    TRAVEL_PASSENGERS_REQUIRED: "Please enter the details of every passenger.",
    // Not in the spec's catalogue: a delivery method the item does not offer (docs/decisions/deal-editor-delivery.md).
    DELIVERY_OPTION_UNAVAILABLE: "That delivery option is not offered for this item: please choose one of those listed.",
  },
  404: {
    BASKET_NOT_FOUND: "No Basket Token available for checkout",
    LINE_NOT_FOUND: "Oops! This item is no longer available.",
    CUSTOMER_MISMATCH: "No Basket Token available for checkout",
  },
  409: {
    ITEM_UNAVAILABLE: "Oops! This item is no longer available.",
    MAX_QUANTITY_REACHED: "Oops! You've reached the max quantity for some items. Please remove them or choose a different product to continue.",
    MAX_QUANTITY_TODAY: "The maximum quantity of this deal that you can buy today is ###dealcap###",
    BASKET_CLOSED: "Oops! Something went wrong. Please try again or click Add to Basket to complete your purchase.",
    // Not in the spec's catalogue: a non-member is told why, and how to buy it (docs/decisions/vip-hub.md).
    VIP_ONLY: "Oops! This item is for VIP members only. Join VIP to buy it.",
    TRAVEL_NOT_AVAILABLE: TRAVEL_MESSAGES.NOT_AVAILABLE,
    TRAVEL_FLIGHTS_UNAVAILABLE: "Sorry, there are no alternative flights for the selected times. Please choose other flights.",
  },
});

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
