import type { Context } from "hono";
import type { ZodError } from "zod";
import { ACCOUNT_ERRORS } from "../../modules/accounts/errors";
import type { RateLimitResult } from "../../modules/security/rate-limit";
import type { AppEnv } from "../context";
import { apiError } from "../errors";
import { RATE_LIMITED_MESSAGE } from "../security/rate-limits";

/** 429 with Retry-After, for a request over a rate limit; null when it may go ahead. */
export function rateLimitedResponse(c: Context, result: RateLimitResult, message = RATE_LIMITED_MESSAGE) {
  return result.allowed ? null : tooManyRequests(c, result.retryAfterSeconds, message);
}

export function tooManyRequests(c: Context, retryAfterSeconds: number, message: string) {
  c.header("retry-after", String(retryAfterSeconds));
  return apiError(c, 429, "RATE_LIMITED", message);
}

export function notSignedIn(c: Context) {
  return apiError(c, 401, "NOT_SIGNED_IN", ACCOUNT_ERRORS.NOT_SIGNED_IN.message);
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
