import { errorCatalogue, errorsOf } from "../../lib/errors";

/** Why a status change was refused; nothing was written in either case. */
export const STATE_ERRORS = errorCatalogue({
  409: {
    STATUS_TRANSITION_NOT_ALLOWED: "This can't be done at the moment: its status does not allow it.",
    STATUS_CHANGED_CONCURRENTLY: "Its status changed while we were updating it. Please refresh the page and try again.",
  },
});

export const stateError = errorsOf(STATE_ERRORS);
