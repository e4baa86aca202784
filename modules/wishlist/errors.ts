import { errorCatalogue, errorClassOf } from "../../lib/errors";

/** Wishlist error codes with their HTTP status and messages ('Deals missing' is the spec's, §8). */
export const WISHLIST_ERRORS = errorCatalogue({
  400: {
    DEALS_MISSING: "Deals missing",
    UNSUPPORTED_OPERATION: "Unsupported wish list operation",
  },
  404: {
    WISHLIST_NOT_FOUND: "Wish list not found",
    DEAL_NOT_FOUND: "Deal not found",
  },
});

export type WishlistErrorCode = keyof typeof WISHLIST_ERRORS;

export class WishlistError extends errorClassOf(WISHLIST_ERRORS) {}
