import { errorsOf } from "../../lib/errors";
import { ACCOUNT_ERRORS } from "../accounts/errors";

/**
 * What the merchant portal's sign-in and invitations answer. Sign-in failures read like the
 * shoppers' (spec §8); merchant users have no self-service reset, so the lock message points to a
 * new invitation instead (docs/decisions/after-sale-merchant-portal.md).
 */
export const MERCHANT_ERRORS = {
  INVALID_CREDENTIALS: ACCOUNT_ERRORS.INVALID_CREDENTIALS,
  ACCOUNT_LOCKED: {
    status: 423,
    message: "Your account has been temporarily locked. Please try again in 30 minutes, or ask us for a new invitation to choose a new password.",
  },
  INVITATION_EXPIRED: { status: 410, message: "This invitation has expired or has already been used. Please ask us for a new one." },
  UNKNOWN_MERCHANT: { status: 404, message: "There is no merchant with that id." },
  EMAIL_TAKEN: { status: 409, message: "That email address already belongs to a user of another merchant." },
  UNKNOWN_MERCHANT_TYPE: { status: 400, message: "Unknown merchant type. Use one of: local, travel, shop." },
  UNKNOWN_DELIVERY_POINT: { status: 400, message: "That address is not in the address data: look the postcode up again and choose from the list." },
  ADDRESS_WITHOUT_POSITION: {
    status: 422,
    message: "The address data has no position for that address, so it cannot be shown on the map: it was not added. Choose another address, or load address data with positions.",
  },
  UNKNOWN_MERCHANT_ADDRESS: { status: 404, message: "That address is not one of this merchant's: reload the page." },
  PROPOSAL_NOT_FOUND: { status: 404, message: "There is no such deal proposal." },
  PROPOSAL_MOVE_NOT_ALLOWED: { status: 409, message: "That cannot be done to this proposal now: reload the page to see where it stands." },
  PROPOSAL_NOT_YOUR_ROLE: { status: 403, message: "Your account may not propose deals. Ask the person who runs your merchant account." },
} as const;

export const merchantError = errorsOf(MERCHANT_ERRORS);
