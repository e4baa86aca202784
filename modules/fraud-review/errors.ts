import { errorCatalogue, errorsOf } from "../../lib/errors";

/** What the review queue answers when a decision cannot be made. */
export const FRAUD_REVIEW_ERRORS = errorCatalogue({
  400: {
    REASON_REQUIRED: "Give the reason for your decision: it is kept in the audit trail and the order's history.",
    REASON_TOO_LONG: "Keep the reason under 500 characters.",
  },
  404: {
    NOT_HELD: "That order is not waiting for review.",
  },
  409: {
    ALREADY_DECIDED: "Someone has already decided this order: the queue shows it with their decision.",
  },
});

export const fraudReviewError = errorsOf(FRAUD_REVIEW_ERRORS);
