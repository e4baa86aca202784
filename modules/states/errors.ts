import { errorsOf } from "../../lib/errors";

/** Why a status change was refused; nothing was written in either case. */
export const STATE_ERRORS = {
  STATUS_TRANSITION_NOT_ALLOWED: { status: 409, message: "This can't be done at the moment: its status does not allow it." },
  STATUS_CHANGED_CONCURRENTLY: { status: 409, message: "Its status changed while we were updating it. Please refresh the page and try again." },
} as const;

export const stateError = errorsOf(STATE_ERRORS);
