import { errorsOf } from "../../lib/errors";
import { ACCOUNT_ERRORS } from "../accounts/errors";

/** What the back office's sign-in, invitations and staff management answer (docs/decisions/staff-sign-in.md). */
export const STAFF_ERRORS = {
  INVALID_CREDENTIALS: ACCOUNT_ERRORS.INVALID_CREDENTIALS,
  ACCOUNT_LOCKED: { status: 423, message: "Your account has been temporarily locked. Please try again in 30 minutes, or ask an owner to invite you again." },
  ACCOUNT_DISABLED: { status: 403, message: "This account has been disabled. Please speak to an owner." },
  INVITATION_EXPIRED: { status: 410, message: "This invitation has expired or has already been used. Please ask an owner for a new one." },
  EMAIL_TAKEN: { status: 409, message: "A member of staff already uses that email address." },
  INVALID_CODE: { status: 400, message: "That code is not right. Enter the 6-digit code your authenticator app shows now, or one of your recovery codes." },
  CODE_REUSED: { status: 400, message: "That code has already been used. Wait for the next code and try again." },
  UNKNOWN_STAFF: { status: 404, message: "There is no member of staff with that id." },
  UNKNOWN_ROLE: { status: 400, message: "Choose one of the listed roles." },
  OWNER_EXISTS: { status: 409, message: "An owner already exists. Use --force to invite another." },
  LAST_OWNER: { status: 409, message: "The last active owner cannot be disabled or given another role." },
  NOT_YOURSELF: { status: 409, message: "You cannot disable yourself or change your own role." },
  FORBIDDEN: { status: 403, message: "You don't have permission to do that." },
  SIGN_IN_REQUIRED: { status: 401, message: "Please sign in to the back office." },
} as const;

export const staffError = errorsOf(STAFF_ERRORS);
