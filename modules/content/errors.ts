/** Content error codes with their user-facing messages. */
export const CONTENT_ERRORS = {
  PAGE_NOT_FOUND: "Page not found",
} as const;

export type ContentErrorCode = keyof typeof CONTENT_ERRORS;

export class ContentError extends Error {
  constructor(readonly code: ContentErrorCode) {
    super(CONTENT_ERRORS[code]);
  }
}
