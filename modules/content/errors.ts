import { errorClassOf, type ErrorCatalog } from "../../lib/errors";

/** Content error codes with their HTTP status and user-facing messages. */
export const CONTENT_ERRORS = {
  PAGE_NOT_FOUND: { status: 404, message: "Page not found" },
} as const satisfies ErrorCatalog;

export type ContentErrorCode = keyof typeof CONTENT_ERRORS;

export class ContentError extends errorClassOf(CONTENT_ERRORS) {}
