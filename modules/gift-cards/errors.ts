import { errorsOf } from "../../lib/errors";

/** Spec §8 "Gifts and redemption": the success of a redemption (pages show it too, so it lives apart from the use case). */
export const GIFT_CARD_REDEEMED_MESSAGE = "Gift card code has been successfully redeemed!";

/** What a shopper can be told about gift cards (spec §8 "Gifts and redemption" texts where it has one). */
export const GIFT_CARD_ERRORS = {
  /** Unknown codes and codes already redeemed look the same: a guesser learns nothing. */
  NOT_RECOGNIZED: { status: 404, message: "Gift code not recognized. Please try again." },
  /** Replaced with the date the card expired (giftCardExpiredMessage). */
  EXPIRED: { status: 410, message: "This gift card has expired and can no longer be redeemed." },
  /** Accounts and wallets are per brand: a card redeems on a site that sells in its currency. */
  OTHER_CURRENCY: { status: 409, message: "This gift card can't be redeemed here: please redeem it on our website in its currency." },
  AMOUNT_OUT_OF_RANGE: { status: 400, message: "Please choose an amount between ###min### and ###max###" },
  DELIVERY_REQUIRED: { status: 400, message: "Please choose how the gift card is sent" },
  RECIPIENT_NAME_REQUIRED: { status: 400, message: "Please enter the recipient's name" },
  RECIPIENT_EMAIL_INVALID: { status: 400, message: "Please enter a valid email address" },
  MESSAGE_TOO_LONG: { status: 400, message: "Your gift message is too long" },
  GIFT_CARD_NOT_FOUND: { status: 404, message: "Page not found" },
  PDF_FAILED: { status: 503, message: "An unexpected error occurred, please try again later." },
} as const;

export type GiftCardErrorCode = keyof typeof GIFT_CARD_ERRORS;

export const giftCardError = errorsOf(GIFT_CARD_ERRORS);
