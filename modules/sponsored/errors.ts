import { DomainError, errorCatalogue } from "../../lib/errors";

/** Sponsored-placement error codes; the two texts from spec discovery §8 are kept word for word. */
export const SPONSORED_ERRORS = errorCatalogue({
  400: {
    USER_OBJECT_MISSING: "user object was not passed",
  },
  403: {
    NOT_YOUR_ROLE: "You don't have permission to do that.",
  },
  404: {
    CAMPAIGN_NOT_FOUND: "That campaign no longer exists. Open the page again.",
    SPONSORED_ENTRY_NOT_FOUND: "no sponsored deal entry for: ###dealId###",
    SEARCH_SESSION_NOT_FOUND: "Unknown search session: create one first (POST /v1/sponsored/customer).",
  },
});

export type SponsoredErrorCode = keyof typeof SPONSORED_ERRORS;

export class SponsoredError extends DomainError {
  declare readonly code: SponsoredErrorCode;

  constructor(code: SponsoredErrorCode, dealId = "") {
    super(code, SPONSORED_ERRORS[code].status, SPONSORED_ERRORS[code].message.replace("###dealId###", dealId));
  }
}
