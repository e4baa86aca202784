import { errorsOf } from "../../lib/errors";

/** What a shopper can be told about gifts (spec §8 text where the spec has one). */
export const GIFT_ERRORS = {
  // Unknown, cancelled, or claimed by someone else: one answer, so a stranger learns nothing.
  GIFT_CODE_NOT_RECOGNIZED: { status: 404, message: "Gift code not recognized. Please try again." },
  GIFT_CODE_REQUIRED: { status: 400, message: "Please enter your gift code." },
  GIFT_ALREADY_CLAIMED: { status: 409, message: "You have already claimed this gift: it is in My Vouchers." },
  GIFT_NO_LONGER_AVAILABLE: { status: 409, message: "This gift can no longer be claimed. Please ask the person who sent it." },
  GIFT_OPTION_NOT_AVAILABLE: { status: 409, message: "That option is no longer available. Please choose another." },
  VOUCHER_NOT_FOUND: { status: 404, message: "Page not found" },
  VOUCHER_NOT_GIFTABLE: { status: 409, message: "This voucher can no longer be given as a gift." },
  VOUCHER_ALREADY_GIFTED: { status: 409, message: "This voucher has already been given as a gift." },
  GIFT_NOT_SENT: { status: 409, message: "This voucher has not been given as a gift." },
  GIFT_ALREADY_CLAIMED_BY_RECIPIENT: { status: 409, message: "Your gift has already been claimed, so it can no longer be cancelled." },
} as const;

export const giftError = errorsOf(GIFT_ERRORS);
