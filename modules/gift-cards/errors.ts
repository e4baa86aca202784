import { errorCatalogue, errorsOf } from "../../lib/errors";

/** Spec §8 "Gifts and redemption": the success of a redemption (pages show it too, so it lives apart from the use case). */
export const GIFT_CARD_REDEEMED_MESSAGE = "Gift card code has been successfully redeemed!";

/** What a shopper can be told about gift cards (spec §8 "Gifts and redemption" texts where it has one). */
export const GIFT_CARD_ERRORS = errorCatalogue({
  400: {
    AMOUNT_OUT_OF_RANGE: "Please choose an amount between ###min### and ###max###",
    DELIVERY_REQUIRED: "Please choose how the gift card is sent",
    RECIPIENT_NAME_REQUIRED: "Please enter the recipient's name",
    RECIPIENT_EMAIL_INVALID: "Please enter a valid email address",
    MESSAGE_TOO_LONG: "Your gift message is too long",
  },
  404: {
    /** Unknown codes and codes already redeemed look the same: a guesser learns nothing. */
    NOT_RECOGNIZED: "Gift code not recognized. Please try again.",
    GIFT_CARD_NOT_FOUND: "Page not found",
  },
  409: {
    /** Accounts and wallets are per brand: a card redeems on a site that sells in its currency. */
    OTHER_CURRENCY: "This gift card can't be redeemed here: please redeem it on our website in its currency.",
  },
  410: {
    /** Replaced with the date the card expired (giftCardExpiredMessage). */
    EXPIRED: "This gift card has expired and can no longer be redeemed.",
  },
  503: {
    PDF_FAILED: "An unexpected error occurred, please try again later.",
  },
});

export type GiftCardErrorCode = keyof typeof GIFT_CARD_ERRORS;

export const giftCardError = errorsOf(GIFT_CARD_ERRORS);
