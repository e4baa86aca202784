/** Search error codes with their user-facing messages. */
export const SEARCH_ERRORS = {
  EMPTY_SEARCH_QUERY: "Please enter what you are looking for.",
  SEARCH_CRITERIA_MISSING: "Please enter what you are looking for, or choose a category or tag.",
  LOCATION_NOT_FOUND: "Page not found",
} as const;

export type SearchErrorCode = keyof typeof SEARCH_ERRORS;

export class SearchError extends Error {
  constructor(readonly code: SearchErrorCode) {
    super(SEARCH_ERRORS[code]);
  }
}
