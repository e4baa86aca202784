import { errorClassOf, type ErrorCatalog } from "../../lib/errors";

/** Search error codes with their HTTP status and user-facing messages. */
export const SEARCH_ERRORS = {
  EMPTY_SEARCH_QUERY: { status: 400, message: "Please enter what you are looking for." },
  SEARCH_CRITERIA_MISSING: { status: 400, message: "Please enter what you are looking for, or choose a category or tag." },
  LOCATION_NOT_FOUND: { status: 404, message: "Page not found" },
} as const satisfies ErrorCatalog;

export type SearchErrorCode = keyof typeof SEARCH_ERRORS;

export class SearchError extends errorClassOf(SEARCH_ERRORS) {}
