import { errorCatalogue, errorsOf } from "../../lib/errors";
import { ACCOUNT_ERRORS } from "../accounts/errors";

/**
 * What the merchant portal's sign-in and invitations answer. Sign-in failures read like the
 * shoppers' (spec §8); merchant users have no self-service reset, so the lock message points to a
 * new invitation instead (docs/decisions/after-sale-merchant-portal.md).
 */
export const MERCHANT_ERRORS = errorCatalogue({
  400: {
    UNKNOWN_MERCHANT_TYPE: "Unknown merchant type. Use one of: local, travel, shop.",
    UNKNOWN_DELIVERY_POINT: "That address is not in the address data: look the postcode up again and choose from the list.",
  },
  401: {
    /** Reads like the shoppers' (spec §8). */
    INVALID_CREDENTIALS: ACCOUNT_ERRORS.INVALID_CREDENTIALS.message,
  },
  403: {
    PROPOSAL_NOT_YOUR_ROLE: "Your account may not propose deals. Ask the person who runs your merchant account.",
  },
  404: {
    UNKNOWN_MERCHANT: "There is no merchant with that id.",
    UNKNOWN_MERCHANT_ADDRESS: "That address is not one of this merchant's: reload the page.",
    PROPOSAL_NOT_FOUND: "There is no such deal proposal.",
  },
  409: {
    EMAIL_TAKEN: "That email address already belongs to a user of another merchant.",
    PROPOSAL_MOVE_NOT_ALLOWED: "That cannot be done to this proposal now: reload the page to see where it stands.",
  },
  410: {
    INVITATION_EXPIRED: "This invitation has expired or has already been used. Please ask us for a new one.",
  },
  422: {
    ADDRESS_WITHOUT_POSITION:
      "The address data has no position for that address, so it cannot be shown on the map: it was not added. Choose another address, or load address data with positions.",
  },
  423: {
    ACCOUNT_LOCKED: "Your account has been temporarily locked. Please try again in 30 minutes, or ask us for a new invitation to choose a new password.",
  },
});

export const merchantError = errorsOf(MERCHANT_ERRORS);
