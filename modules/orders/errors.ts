import { DomainError, type ErrorCatalog } from "../../lib/errors";
import { BASKET_ERRORS, type BasketError } from "../basket/errors";
import { PAYMENT_DECLINES, type DeclineCode } from "../payments/errors";

/** Why an order was not placed: HTTP status, code and the shopper-facing text (spec §8). */
export const ORDER_ERRORS = {
  BASKET_NOT_FOUND: { status: 404, message: BASKET_ERRORS.BASKET_NOT_FOUND.message },
  DETAILS_INCOMPLETE: { status: 400, message: "Please complete Your Details with your name and full address to continue." },
  PAYMENT_DETAILS_MISSING: { status: 400, message: PAYMENT_DECLINES.INVALID_PAYMENT_DETAILS.message },
  WALLET_ONLY_CARD_FLOW: { status: 400, message: "Your wallet credit covers this order. Please choose to pay by card to complete it." },
  METHOD_UNAVAILABLE: { status: 400, message: PAYMENT_DECLINES.PROVIDER_UNAVAILABLE.message },
  AGE_CONFIRMATION_REQUIRED: { status: 400, message: "You must be 18 or over to pay with Klarna." },
  PRICE_CHANGED: { status: 409, message: "The price of your order has changed. Please check your basket and try again." },
  IN_PROGRESS: { status: 409, message: "Your order is still being placed. Please wait a moment, then check My Vouchers." },
  INTERRUPTED: { status: 409, message: "Your order was interrupted and has not been placed, so you have not been charged. Please try again." },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: "This Idempotency-Key was already used for a different order request. Send a new key for a new request.",
  },
  ORDER_FAILED: { status: 500, message: "An error occured, your purchase has not been completed." },
} as const satisfies ErrorCatalog;

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
