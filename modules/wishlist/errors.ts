/** Wishlist error codes with their messages ('Deals missing' is the spec's, §8). */
export const WISHLIST_ERRORS = {
  DEALS_MISSING: "Deals missing",
  WISHLIST_NOT_FOUND: "Wish list not found",
  DEAL_NOT_FOUND: "Deal not found",
  UNSUPPORTED_OPERATION: "Unsupported wish list operation",
} as const;

export type WishlistErrorCode = keyof typeof WISHLIST_ERRORS;

export class WishlistError extends Error {
  constructor(readonly code: WishlistErrorCode) {
    super(WISHLIST_ERRORS[code]);
  }
}
