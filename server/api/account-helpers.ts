import type { Context } from "hono";
import type { ClientErrorStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import { AccountError, type AccountErrorCode, ACCOUNT_ERRORS } from "../../modules/accounts/errors";
import type { RateLimitResult } from "../../modules/security/rate-limit";
import type { AppEnv } from "../context";
import { RATE_LIMITED_MESSAGE } from "../security/rate-limits";

/**
 * An error answer typed as a 4xx, so routes can declare their errors once as the `default`
 * response (same `{"error": {"code", "message"}}` shape as apiError).
 */
export function clientError(c: Context, status: ClientErrorStatusCode, code: string, message: string) {
  return c.json({ error: { code, message } }, status);
}

const ACCOUNT_ERROR_STATUS: Record<AccountErrorCode, ClientErrorStatusCode> = {
  INVALID_CREDENTIALS: 401,
  ACCOUNT_LOCKED: 423,
  ALREADY_REGISTERED: 409,
  NOT_REGISTERED: 404,
  INVALID_GOOGLE_TOKEN: 401,
  GOOGLE_SIGN_IN_DISABLED: 404,
  PASSWORD_CHANGE_FAILED: 400,
  NO_SUBSCRIPTION: 404,
  UNSUBSCRIBE_TOKEN_MISSING: 400,
  LINK_EXPIRED: 410,
  EMAIL_IN_USE: 409,
  NOT_SIGNED_IN: 401,
  NOT_OWN_EMAIL: 403,
};

/** Answers an account error with its status and spec text; anything else is rethrown (a 500). */
export function accountErrorResponse(c: Context, error: unknown) {
  if (!(error instanceof AccountError)) throw error;
  return clientError(c, ACCOUNT_ERROR_STATUS[error.code], error.code, error.message);
}

/** 429 with Retry-After, for a request over a rate limit; null when it may go ahead. */
export function rateLimitedResponse(c: Context, result: RateLimitResult, message = RATE_LIMITED_MESSAGE) {
  return result.allowed ? null : tooManyRequests(c, result.retryAfterSeconds, message);
}

export function tooManyRequests(c: Context, retryAfterSeconds: number, message: string) {
  c.header("retry-after", String(retryAfterSeconds));
  return clientError(c, 429, "RATE_LIMITED", message);
}

export function notSignedIn(c: Context) {
  return clientError(c, 401, "NOT_SIGNED_IN", ACCOUNT_ERRORS.NOT_SIGNED_IN);
}

/**
 * Validation failures of account endpoints: the first field's spec text as the message (e.g.
 * 'Password must be at least 6 characters'), and every field's text under `fields`.
 */
export function fieldErrorsHook(result: { success: true } | { success: false; error: ZodError }, c: Context<AppEnv>) {
  if (result.success) return undefined;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join(".") || "body"] ??= issue.message;
  const first = result.error.issues[0];
  return c.json({ error: { code: "VALIDATION_ERROR", message: first.message, fields } }, 400);
}
