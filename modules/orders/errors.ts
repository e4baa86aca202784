import { DomainError, errorCatalogue } from "../../lib/errors";
import { BASKET_ERRORS, type BasketError } from "../basket/errors";
import { PAYMENT_DECLINES, type DeclineCode } from "../payments/errors";

/** Why an order was not placed: HTTP status, code and the shopper-facing text (spec §8). */
export const ORDER_ERRORS = errorCatalogue({
  400: {
    DETAILS_INCOMPLETE: "Please complete Your Details with your name and full address to continue.",
    PAYMENT_DETAILS_MISSING: PAYMENT_DECLINES.INVALID_PAYMENT_DETAILS.message,
    WALLET_ONLY_CARD_FLOW: "Your wallet credit covers this order. Please choose to pay by card to complete it.",
    METHOD_UNAVAILABLE: PAYMENT_DECLINES.PROVIDER_UNAVAILABLE.message,
    AGE_CONFIRMATION_REQUIRED: "You must be 18 or over to pay with Klarna.",
  },
  404: {
    BASKET_NOT_FOUND: BASKET_ERRORS.BASKET_NOT_FOUND.message,
  },
  409: {
    PRICE_CHANGED: "The price of your order has changed. Please check your basket and try again.",
    IN_PROGRESS: "Your order is still being placed. Please wait a moment, then check My Vouchers.",
    INTERRUPTED: "Your order was interrupted and has not been placed, so you have not been charged. Please try again.",
  },
  422: {
    IDEMPOTENCY_KEY_REUSED: "This Idempotency-Key was already used for a different order request. Send a new key for a new request.",
  },
  500: {
    ORDER_FAILED: "An error occured, your purchase has not been completed.",
  },
});

export class OrderError extends DomainError {
  /** Also rebuilds an attempt's settled answer from its stored status, code and message. */
  constructor(status: number, code: string, message: string) {
    super(code, status, message);
  }

  static of(code: keyof typeof ORDER_ERRORS): OrderError {
    return new OrderError(ORDER_ERRORS[code].status, code, ORDER_ERRORS[code].message);
  }

  /** A basket line problem found at placement: the shopper sees the basket's own code, status and message. */
  static fromBasket(problem: BasketError): OrderError {
    return new OrderError(problem.status, problem.code, problem.message);
  }

  static declined(decline: DeclineCode): OrderError {
    return new OrderError(PAYMENT_DECLINES[decline].status, `PAYMENT_${decline}`, PAYMENT_DECLINES[decline].message);
  }
}
