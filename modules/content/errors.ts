import { errorClassOf, type ErrorCatalog } from "../../lib/errors";

/** Content error codes with their HTTP status and user-facing messages. */
export const CONTENT_ERRORS = {
  PAGE_NOT_FOUND: { status: 404, message: "Page not found" },
  NOT_YOUR_ROLE: { status: 403, message: "Your role cannot edit content." },
  /** Someone saved the page after this editor opened it: their words are not overwritten. */
  PAGE_CHANGED_MEANWHILE: { status: 409, message: "Someone else saved this page after you opened it. Open it again to see their changes, then make yours." },
  SCROLLER_NOT_FOUND: { status: 404, message: "That scroller no longer exists. Open the page again." },
  THEME_NOT_FOUND: { status: 404, message: "That theme or countdown no longer exists. Open the page again." },
  THEME_ENDS_BEFORE_START: { status: 400, message: "Enter an end after the start." },
} as const satisfies ErrorCatalog;

export type ContentErrorCode = keyof typeof CONTENT_ERRORS;

export class ContentError extends errorClassOf(CONTENT_ERRORS) {}
