import { errorCatalogue, errorsOf } from "../../lib/errors";

/** What a shopper can be told about gifts (spec §8 text where the spec has one). */
export const GIFT_ERRORS = errorCatalogue({
  400: {
    GIFT_CODE_REQUIRED: "Please enter your gift code.",
  },
  404: {
    // Unknown, cancelled, or claimed by someone else: one answer, so a stranger learns nothing.
    GIFT_CODE_NOT_RECOGNIZED: "Gift code not recognized. Please try again.",
    VOUCHER_NOT_FOUND: "Page not found",
  },
  409: {
    GIFT_ALREADY_CLAIMED: "You have already claimed this gift: it is in My Vouchers.",
    GIFT_NO_LONGER_AVAILABLE: "This gift can no longer be claimed. Please ask the person who sent it.",
    GIFT_OPTION_NOT_AVAILABLE: "That option is no longer available. Please choose another.",
    VOUCHER_NOT_GIFTABLE: "This voucher can no longer be given as a gift.",
    VOUCHER_ALREADY_GIFTED: "This voucher has already been given as a gift.",
    GIFT_NOT_SENT: "This voucher has not been given as a gift.",
    GIFT_ALREADY_CLAIMED_BY_RECIPIENT: "Your gift has already been claimed, so it can no longer be cancelled.",
  },
});

export const giftError = errorsOf(GIFT_ERRORS);
