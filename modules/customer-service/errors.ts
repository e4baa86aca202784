import { errorCatalogue, errorsOf } from "../../lib/errors";

/** What customer service's pages answer when a request cannot be done. */
export const CUSTOMER_SERVICE_ERRORS = errorCatalogue({
  400: {
    NOTE_REQUIRED: "Write the note before adding it.",
    NOTE_TOO_LONG: "Keep the note under 2,000 characters.",
    ORDER_NOT_THEIRS: "That order is not this shopper's: leave it blank or give one of their order numbers.",
  },
  404: {
    UNKNOWN_SHOPPER: "There is no shopper with that id.",
  },
});

export const customerServiceError = errorsOf(CUSTOMER_SERVICE_ERRORS);
