import { errorClassOf, type ErrorCatalog } from "../../lib/errors";

/** Catalogue error codes with their HTTP status and user-facing messages (texts from the spec where it has one). */
export const CATALOG_ERRORS = {
  LOCATION_NOT_FOUND: { status: 404, message: "Page not found" },
  DEAL_NOT_FOUND: { status: 404, message: "Page not found" },
  PAGE_NOT_FOUND: { status: 404, message: "Page not found" },
  EMAIL_INVALID: { status: 400, message: "Please enter a valid email address" },
  DEAL_ON_SALE: { status: 409, message: "Good news: this deal is on sale now, so you can buy it straight away." },
  NAVIGATION_ITEM_NOT_FOUND: { status: 404, message: "That navigation item no longer exists. Open the page again." },
  NAVIGATION_NOT_YOUR_ROLE: { status: 403, message: "Your role cannot edit the navigation." },
} as const satisfies ErrorCatalog;

export type CatalogErrorCode = keyof typeof CATALOG_ERRORS;

export class CatalogError extends errorClassOf(CATALOG_ERRORS) {}
