import { randomBytes } from "node:crypto";

/** Spec §5: a basket token must be longer than 10 characters to count as a token at all. */
export const MIN_BASKET_TOKEN_LENGTH = 11;

/** 32 random bytes: a basket token is the only key to a guest's basket, so it must not be guessable. */
export function newBasketToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * The token when it can be one; otherwise null (a short value is treated as no token). `onInaccurate`
 * lets the caller log the inaccurate value as the spec asks.
 */
export function usableBasketToken(token: string | null | undefined, onInaccurate?: (token: string) => void): string | null {
  if (token === null || token === undefined || token === "") return null;
  if (token.length < MIN_BASKET_TOKEN_LENGTH) {
    onInaccurate?.(token);
    return null;
  }
  return token;
}
