import { errorCatalogue, errorClassOf } from "../../lib/errors";

/** Search error codes with their HTTP status and user-facing messages. */
export const SEARCH_ERRORS = errorCatalogue({
  400: {
    EMPTY_SEARCH_QUERY: "Please enter what you are looking for.",
    SEARCH_CRITERIA_MISSING: "Please enter what you are looking for, or choose a category or tag.",
  },
  404: {
    LOCATION_NOT_FOUND: "Page not found",
  },
});

export type SearchErrorCode = keyof typeof SEARCH_ERRORS;

export class SearchError extends errorClassOf(SEARCH_ERRORS) {}
