/** Sponsored-placement error codes; the two texts from spec discovery §8 are kept word for word. */
export type SponsoredErrorCode = "SPONSORED_ENTRY_NOT_FOUND" | "USER_OBJECT_MISSING" | "SEARCH_SESSION_NOT_FOUND";

const MESSAGES: Record<SponsoredErrorCode, (detail: string) => string> = {
  SPONSORED_ENTRY_NOT_FOUND: (dealId) => `no sponsored deal entry for: ${dealId}`,
  USER_OBJECT_MISSING: () => "user object was not passed",
  SEARCH_SESSION_NOT_FOUND: () => "Unknown search session: create one first (POST /v1/sponsored/customer).",
};

export class SponsoredError extends Error {
  constructor(
    readonly code: SponsoredErrorCode,
    detail = "",
  ) {
    super(MESSAGES[code](detail));
  }
}
