import { errorCatalogue } from "../../lib/errors";

/**
 * Why a payment did not go through, with the words the shopper sees (spec transactions §8,
 * Payment). Where the spec names a decline without its text, the wording is ours and is listed in
 * docs/decisions/payments-sandbox-gateway.md. A declined payment answers 402.
 */
export const PAYMENT_DECLINES = errorCatalogue({
  402: {
    DECLINED_BY_BANK: "Your card was declined by your bank. Please try another card or contact your bank.",
    EXPIRED_CARD: "Card Expired",
    SECURITY_CODE: "The security code doesn't match your card. Please check it and try again.",
    BILLING_ADDRESS: "The billing address doesn't match your card. Please check your postcode and try again.",
    NO_BANK_RESPONSE: "We didn't get a response from your bank. Please try again or use another card.",
    AUTHENTICATION_FAILED: "Your card issuer couldn't authenticate this payment. Please try another card.",
    CARD_NOT_ACCEPTED: "Sorry, we currently only accept Visa and MasterCard",
    PAYPAL_REJECTED: "PayPal couldn't accept this payment. Please choose another way to pay.",
    KLARNA_REJECTED: "Klarna couldn't approve this payment. Please choose another way to pay.",
    CLEARPAY_REJECTED: "Clearpay couldn't approve this payment. Please choose another way to pay.",
    PROVIDER_UNAVAILABLE: "We couldn't contact the payment provider right now. Please pay using Visa or Mastercard.",
    INVALID_PAYMENT_DETAILS: "There was a problem with your payment and your order has not been placed. Please check your details and try again...",
  },
});

export type DeclineCode = keyof typeof PAYMENT_DECLINES;

/** Shown above the reason whenever a payment fails. */
export const PAYMENT_FAILED_TITLE = "Oops! Payment Failed";
