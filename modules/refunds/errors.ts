import { errorCatalogue, errorsOf } from "../../lib/errors";

/**
 * Why a refund, an exchange for credit or an extension was refused (spec transactions §8,
 * Vouchers, where it has the text). The "not allowed" errors carry the rule's own reason
 * (afterSaleOptions) as their message, e.g. "This voucher has been redeemed."
 */
export const REFUND_ERRORS = errorCatalogue({
  400: {
    ORDER_ID_REQUIRED: "Sorry, a product order id is required.",
  },
  404: {
    VOUCHER_NOT_FOUND: "We couldn't find that voucher in your account.",
    ORDER_NOT_FOUND: "We couldn't find that order in your account.",
  },
  409: {
    REFUND_NOT_ALLOWED: "This voucher cannot be refunded.",
    CREDIT_NOT_ALLOWED: "This voucher cannot be exchanged for credit.",
    EXTENSION_NOT_ALLOWED: "This voucher cannot be extended.",
    PAYMENT_NOT_SETTLED: "Your payment is still being processed. Please try again in a few minutes.",
    REFUND_EXCEEDS_PAYMENT: "We couldn't refund this voucher to your payment method. Please choose wallet credit or contact customer services.",
  },
  422: {
    NO_VOUCHERS_TO_EXTEND: "this order has no vouchers eligible for extension",
    EXTENSION_TOO_LONG: "Vouchers can be extended by up to 3 months in all.",
  },
});

export type RefundErrorCode = keyof typeof REFUND_ERRORS;

export const refundError = errorsOf(REFUND_ERRORS);
