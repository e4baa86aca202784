import { errorsOf } from "../../lib/errors";

/**
 * Why a refund, an exchange for credit or an extension was refused (spec transactions §8,
 * Vouchers, where it has the text). The "not allowed" errors carry the rule's own reason
 * (afterSaleOptions) as their message, e.g. "This voucher has been redeemed."
 */
export const REFUND_ERRORS = {
  VOUCHER_NOT_FOUND: { status: 404, message: "We couldn't find that voucher in your account." },
  ORDER_ID_REQUIRED: { status: 400, message: "Sorry, a product order id is required." },
  ORDER_NOT_FOUND: { status: 404, message: "We couldn't find that order in your account." },
  NO_VOUCHERS_TO_EXTEND: { status: 422, message: "this order has no vouchers eligible for extension" },
  REFUND_NOT_ALLOWED: { status: 409, message: "This voucher cannot be refunded." },
  CREDIT_NOT_ALLOWED: { status: 409, message: "This voucher cannot be exchanged for credit." },
  EXTENSION_NOT_ALLOWED: { status: 409, message: "This voucher cannot be extended." },
  EXTENSION_TOO_LONG: { status: 422, message: "Vouchers can be extended by up to 3 months in all." },
  PAYMENT_NOT_SETTLED: { status: 409, message: "Your payment is still being processed. Please try again in a few minutes." },
  REFUND_EXCEEDS_PAYMENT: { status: 409, message: "We couldn't refund this voucher to your payment method. Please choose wallet credit or contact customer services." },
} as const;

export type RefundErrorCode = keyof typeof REFUND_ERRORS;

export const refundError = errorsOf(REFUND_ERRORS);
