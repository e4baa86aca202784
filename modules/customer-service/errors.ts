import { errorCatalogue, errorsOf } from "../../lib/errors";

/** What customer service's pages answer when a request cannot be done. */
export const CUSTOMER_SERVICE_ERRORS = errorCatalogue({
  400: {
    NOTE_REQUIRED: "Write the note before adding it.",
    NOTE_TOO_LONG: "Keep the note under 2,000 characters.",
    ORDER_NOT_THEIRS: "That order is not this shopper's: leave it blank or give one of their order numbers.",
    REASON_REQUIRED: "Give the reason: it is kept in the audit trail.",
    REASON_TOO_LONG: "Keep the reason under 500 characters.",
    GOODWILL_AMOUNT: "Enter an amount between 0.01 and 500.00.",
    ADJUSTMENT_AMOUNT: "Enter an amount between 0.01 and 500.00, and whether it is added or taken away.",
    BALANCE_TYPE: "Choose the refundable or the marketing balance.",
    FORM_EXPIRED: "This form has expired: reload the page and try again.",
    NOT_THEIR_ORDER: "That order is not this shopper's: choose one of their orders.",
    VOUCHER_NOT_THEIRS: "That voucher is not this shopper's: choose one of theirs.",
    EXTEND_MONTHS: "Extend by 1 to 12 whole months.",
    ERASE_NOT_CONFIRMED: "Tick the box to confirm the shopper asked for this and you checked who they are.",
    GIFT_CARD_NOT_THEIRS: "That gift card is not one this shopper bought: choose one of theirs.",
    VIP_CHARGE_NOT_THEIRS: "That VIP charge is not this shopper's: choose one of theirs.",
  },
  403: {
    FOUR_EYES: "Someone other than the person who asked for this credit or adjustment must approve or reject it.",
  },
  404: {
    UNKNOWN_SHOPPER: "There is no shopper with that id.",
    UNKNOWN_GOODWILL_CREDIT: "There is no goodwill credit with that number.",
    UNKNOWN_WALLET_ADJUSTMENT: "There is no wallet adjustment with that number for this shopper.",
  },
  409: {
    ACCOUNT_DELETED: "This account has been deleted: nothing can be changed on it.",
    VOUCHER_NOT_LIVE: "Only a Ready to Redeem voucher can be emailed again, get a new code or be extended.",
    CODE_NOT_SHOWN: "This voucher's code cannot be emailed to the shopper: it is not ready yet, or it is a gift waiting to be claimed.",
    GOODWILL_DECIDED: "This goodwill credit has already been approved or rejected.",
    ADJUSTMENT_DECIDED: "This wallet adjustment has already been approved or rejected.",
    BALANCE_TOO_SMALL: "The shopper's balance is too small to take that much away: the wallet cannot go below zero.",
    NOTHING_TO_CANCEL: "Nothing is left to refund on this order: every voucher is already refunded, redeemed, dispatched or otherwise closed.",
    GIFT_CARD_NOT_ISSUED: "Only an unredeemed gift card still in date can be voided or reissued: this one is redeemed, expired or voided already.",
    NOT_VIP: "This shopper is not a VIP member now: there is no renewal to cancel.",
    VIP_CHARGE_NOT_REFUNDABLE: "This VIP charge has nothing left to refund: it was refunded already, or never paid.",
  },
});

export const customerServiceError = errorsOf(CUSTOMER_SERVICE_ERRORS);
