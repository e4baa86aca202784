import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A random, URL-safe token with 256 bits of entropy (session ids, reset links, wishlist ids). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** What is stored for a token the browser or an email holds: its SHA-256, never the token. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export function hmac(secret: Buffer, message: string): string {
  return createHmac("sha256", secret).update(message).digest("base64url");
}

/** Compares two strings in constant time (for tokens an attacker may probe). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
