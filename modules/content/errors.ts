import { errorCatalogue, errorClassOf } from "../../lib/errors";

/** Content error codes with their HTTP status and user-facing messages. */
export const CONTENT_ERRORS = errorCatalogue({
  400: {
    THEME_ENDS_BEFORE_START: "Enter an end after the start.",
    /** A countdown shown to shoppers must be true: it cannot be set up already over. */
    COUNTDOWN_ALREADY_OVER: "Enter an end that is still to come: a countdown that is already over would not be true.",
  },
  403: {
    NOT_YOUR_ROLE: "Your role cannot edit content.",
  },
  404: {
    PAGE_NOT_FOUND: "Page not found",
    SCROLLER_NOT_FOUND: "That scroller no longer exists. Open the page again.",
    THEME_NOT_FOUND: "That theme or countdown no longer exists. Open the page again.",
  },
  409: {
    /** Someone saved the page after this editor opened it: their words are not overwritten. */
    PAGE_CHANGED_MEANWHILE: "Someone else saved this page after you opened it. Open it again to see their changes, then make yours.",
  },
});

export type ContentErrorCode = keyof typeof CONTENT_ERRORS;

export class ContentError extends errorClassOf(CONTENT_ERRORS) {}
