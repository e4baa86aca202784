import { DomainError, type ErrorCatalog } from "../../lib/errors";

/** Sponsored-placement error codes; the two texts from spec discovery §8 are kept word for word. */
export const SPONSORED_ERRORS = {
  SPONSORED_ENTRY_NOT_FOUND: { status: 404, message: "no sponsored deal entry for: ###dealId###" },
  USER_OBJECT_MISSING: { status: 400, message: "user object was not passed" },
  SEARCH_SESSION_NOT_FOUND: { status: 404, message: "Unknown search session: create one first (POST /v1/sponsored/customer)." },
} as const satisfies ErrorCatalog;

export type SponsoredErrorCode = keyof typeof SPONSORED_ERRORS;

export class SponsoredError extends DomainError {
  declare readonly code: SponsoredErrorCode;

  constructor(code: SponsoredErrorCode, dealId = "") {
    super(code, SPONSORED_ERRORS[code].status, SPONSORED_ERRORS[code].message.replace("###dealId###", dealId));
  }
}
