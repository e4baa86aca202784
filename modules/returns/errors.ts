import { errorCatalogue, errorsOf } from "../../lib/errors";
import { RETURN_COMMENTS_MAX } from "./return-reasons";

/** Why a return step was refused ('Please select a reason...' is the spec's, §5); nothing changes. */
export const RETURN_ERRORS = errorCatalogue({
  400: {
    REASON_REQUIRED: "Please select a reason...",
    COMMENTS_TOO_LONG: `Please keep your comments to ${RETURN_COMMENTS_MAX} characters or fewer.`,
  },
  404: {
    // Someone else's voucher or return is "not found", like one that does not exist.
    VOUCHER_NOT_FOUND: "Sorry, we couldn't find that voucher.",
    RETURN_NOT_FOUND: "Sorry, we couldn't find that return.",
  },
  409: {
    // The message is the after-sale rule's own reason (e.g. "The 14 days to return this item have ended.").
    RETURN_NOT_ALLOWED: "This item cannot be returned.",
    RETURN_ALREADY_POSTED: "This return is already on its way to the merchant, so it can no longer be withdrawn.",
    RETURN_CLOSED: "This return has been closed: it was withdrawn or has been refunded.",
  },
});

export const returnError = errorsOf(RETURN_ERRORS);
