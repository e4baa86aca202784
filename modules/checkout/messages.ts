/** Checkout texts shared by the API and the checkout page (spec §8 Checkout; §6 sign-in first). */
export const CHECKOUT_MESSAGES = {
  NO_TOKEN: "No token provided",
  /** Spec §8: a basket that can no longer be checked out answers 422; the shopper starts a new one. */
  BASKET_INVALID: "Oops! Something went wrong. Please try again or click Add to Basket to complete your purchase.",
  SIGN_IN_REQUIRED: "Please log in or register to continue.",
} as const;
