import { errorClassOf, type ErrorCatalog } from "../../lib/errors";

/** Wishlist error codes with their HTTP status and messages ('Deals missing' is the spec's, §8). */
export const WISHLIST_ERRORS = {
  DEALS_MISSING: { status: 400, message: "Deals missing" },
  WISHLIST_NOT_FOUND: { status: 404, message: "Wish list not found" },
  DEAL_NOT_FOUND: { status: 404, message: "Deal not found" },
  UNSUPPORTED_OPERATION: { status: 400, message: "Unsupported wish list operation" },
} as const satisfies ErrorCatalog;

export type WishlistErrorCode = keyof typeof WISHLIST_ERRORS;

export class WishlistError extends errorClassOf(WISHLIST_ERRORS) {}
