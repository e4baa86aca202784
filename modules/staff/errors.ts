import { errorCatalogue, errorsOf } from "../../lib/errors";
import { ACCOUNT_ERRORS } from "../accounts/errors";

/** What the back office's sign-in, invitations and staff management answer (docs/decisions/staff-sign-in.md). */
export const STAFF_ERRORS = errorCatalogue({
  400: {
    INVALID_CODE: "That code is not right. Enter the 6-digit code your authenticator app shows now, or one of your recovery codes.",
    CODE_REUSED: "That code has already been used. Wait for the next code and try again.",
    UNKNOWN_ROLE: "Choose one of the listed roles.",
  },
  401: {
    /** Reads like the shoppers' (spec §8). */
    INVALID_CREDENTIALS: ACCOUNT_ERRORS.INVALID_CREDENTIALS.message,
    SIGN_IN_REQUIRED: "Please sign in to the back office.",
  },
  403: {
    ACCOUNT_DISABLED: "This account has been disabled. Please speak to an owner.",
    FORBIDDEN: "You don't have permission to do that.",
  },
  404: {
    UNKNOWN_STAFF: "There is no member of staff with that id.",
  },
  409: {
    EMAIL_TAKEN: "A member of staff already uses that email address.",
    OWNER_EXISTS: "An owner already exists. Use --force to invite another.",
    LAST_OWNER: "The last active owner cannot be disabled or given another role.",
    NOT_YOURSELF: "You cannot disable yourself or change your own role.",
  },
  410: {
    INVITATION_EXPIRED: "This invitation has expired or has already been used. Please ask an owner for a new one.",
  },
  423: {
    ACCOUNT_LOCKED: "Your account has been temporarily locked. Please try again in 30 minutes, or ask an owner to invite you again.",
  },
});

export const staffError = errorsOf(STAFF_ERRORS);
