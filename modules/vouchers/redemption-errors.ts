import { errorCatalogue, errorsOf } from "../../lib/errors";

/**
 * Why the merchant portal refuses to redeem or book a voucher; nothing changes in any case. A code
 * of another merchant reads exactly like an unknown one. Where a date helps the merchant, the
 * rules (`redemption-rules.ts`) give the message with it.
 */
export const REDEMPTION_ERRORS = errorCatalogue({
  404: {
    UNKNOWN_CODE: "We don't recognise this voucher code. Please check it and try again.",
  },
  409: {
    ALREADY_REDEEMED: "This voucher has already been redeemed.",
    ALREADY_BOOKED: "This voucher has already been booked.",
    REFUNDED: "This voucher has been refunded, so it can't be redeemed.",
    CREDITED: "This voucher has been exchanged for wallet credit, so it can't be redeemed.",
    EXPIRED: "This voucher has expired, so it can't be redeemed.",
    NOT_YET_AVAILABLE: "This voucher isn't ready to redeem yet.",
    GOODS_NOT_REDEEMABLE: "This voucher is for goods sent by post: it is fulfilled by dispatch, not redeemed at the till.",
    NOT_BOOKABLE: "Only booking and travel vouchers can be marked as booked.",
    RETURN_IN_PROGRESS: "This item is being returned, so it can't be redeemed.",
  },
});

export type RedemptionErrorCode = keyof typeof REDEMPTION_ERRORS;

export const redemptionError = errorsOf(REDEMPTION_ERRORS);
