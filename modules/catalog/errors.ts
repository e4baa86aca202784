import { errorCatalogue, errorClassOf } from "../../lib/errors";

/** Catalogue error codes with their HTTP status and user-facing messages (texts from the spec where it has one). */
export const CATALOG_ERRORS = errorCatalogue({
  400: {
    EMAIL_INVALID: "Please enter a valid email address",
  },
  403: {
    NAVIGATION_NOT_YOUR_ROLE: "Your role cannot edit the navigation.",
  },
  404: {
    LOCATION_NOT_FOUND: "Page not found",
    DEAL_NOT_FOUND: "Page not found",
    PAGE_NOT_FOUND: "Page not found",
    NAVIGATION_ITEM_NOT_FOUND: "That navigation item no longer exists. Open the page again.",
  },
  409: {
    DEAL_ON_SALE: "Good news: this deal is on sale now, so you can buy it straight away.",
  },
});

export type CatalogErrorCode = keyof typeof CATALOG_ERRORS;

export class CatalogError extends errorClassOf(CATALOG_ERRORS) {}
