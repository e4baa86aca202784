import { randomBytes } from "node:crypto";
import { createTOTPKeyURI, generateHOTP, verifyHOTP } from "@oslojs/otp";

/** RFC 6238 as every authenticator app reads it: SHA-1, 30-second steps, 6 digits. */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of one step before or after now are accepted (clock drift, a code typed as it turned). */
export const TOTP_WINDOW_STEPS = 1;

/** A new shared secret (160 bits, RFC 4226's recommendation), to store with the user once enrolment is confirmed. */
export function newTotpSecret(): Uint8Array {
  return new Uint8Array(randomBytes(20));
}

/** The otpauth:// URI an authenticator app enrols from (shown as a QR code). */
export function totpEnrolmentUri(secret: Uint8Array, issuer: string, accountName: string): string {
  return createTOTPKeyURI(issuer, accountName, secret, TOTP_STEP_SECONDS, TOTP_DIGITS);
}

function stepAt(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_STEP_SECONDS);
}

/** The code for a moment (for tests and enrolment checks). */
export function totpCodeAt(secret: Uint8Array, now: Date): string {
  return generateHOTP(secret, BigInt(stepAt(now)), TOTP_DIGITS);
}

export type TotpCheck = { ok: true; usedStep: number } | { ok: false; reason: "invalid" | "reused" };

/**
 * Checks a code against now ±1 step. A code of a step at or before `lastUsedStep` is refused (a
 * code seen once, on the wire or over a shoulder, cannot sign in again); on success the caller
 * stores `usedStep` as the user's new last used step.
 */
export function verifyTotp(secret: Uint8Array, code: string, now: Date, lastUsedStep: number | null): TotpCheck {
  const typed = code.replace(/\s/g, "");
  if (!/^\d+$/.test(typed) || typed.length !== TOTP_DIGITS) return { ok: false, reason: "invalid" };
  const current = stepAt(now);
  let reused = false;
  for (let step = current - TOTP_WINDOW_STEPS; step <= current + TOTP_WINDOW_STEPS; step++) {
    if (!verifyHOTP(secret, BigInt(step), TOTP_DIGITS, typed)) continue;
    if (lastUsedStep !== null && step <= lastUsedStep) {
      reused = true;
      continue;
    }
    return { ok: true, usedStep: step };
  }
  return { ok: false, reason: reused ? "reused" : "invalid" };
}
