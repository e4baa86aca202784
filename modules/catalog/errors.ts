/** Catalogue error codes with their user-facing messages (texts from the spec where it has one). */
export const CATALOG_ERRORS = {
  LOCATION_NOT_FOUND: "Page not found",
  DEAL_NOT_FOUND: "Page not found",
  PAGE_NOT_FOUND: "Page not found",
  EMAIL_INVALID: "Please enter a valid email address",
} as const;

export type CatalogErrorCode = keyof typeof CATALOG_ERRORS;

export class CatalogError extends Error {
  constructor(
    readonly code: CatalogErrorCode,
    message: string = CATALOG_ERRORS[code],
  ) {
    super(message);
  }
}
