import { errorCatalogue, errorsOf } from "../../lib/errors";

/** What the payout pages answer when finance asks for something that cannot be done. */
export const PAYOUT_ERRORS = errorCatalogue({
  400: {
    FAILURE_REASON_REQUIRED: "Say why the payment failed (the bank's return reason): the merchant's statement and the audit trail keep it.",
    FAILURE_REASON_TOO_LONG: "Keep the reason under 500 characters.",
    NO_BANK_DETAILS: "This merchant has no bank details on file: add them on the merchant's page before approving a payout in pounds.",
    NOT_IN_BANK_FILE: "This payout has not gone out in a bank file yet: download the bank file first, then mark it paid once the bank has paid it.",
  },
  404: {
    UNKNOWN_PAYOUT: "There is no payout with that number.",
    UNKNOWN_BANK_FILE: "There is no bank file with that number.",
  },
  409: {
    PAYOUT_STATUS_CHANGED: "This payout's status has changed since the page was loaded: reload it to see where it is now.",
    NOTHING_TO_PAY: "There are no approved payouts in pounds waiting for a bank file.",
  },
});

export const payoutError = errorsOf(PAYOUT_ERRORS);
