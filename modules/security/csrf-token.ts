import { hmac, safeEqual } from "./tokens";

/**
 * The CSRF token for a browser: an HMAC of the browser's random CSRF cookie and its session id.
 * Another site can neither read the cookie nor compute the HMAC, and signing in or out changes
 * the session, so tokens from before stop working.
 */
export function csrfTokenFor(secret: Buffer, browserKey: string, sessionId: string | null): string {
  return hmac(secret, `csrf|${browserKey}|${sessionId ?? ""}`);
}

export function isValidCsrfToken(secret: Buffer, browserKey: string, sessionId: string | null, token: string): boolean {
  return safeEqual(csrfTokenFor(secret, browserKey, sessionId), token);
}
