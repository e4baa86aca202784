import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ClientErrorStatusCode, ContentfulStatusCode, ServerErrorStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import { DomainError } from "../lib/errors";
import type { AppEnv } from "./context";

/**
 * The one mapping from a failure to what the shop answers, for the `/v1` API (Hono's onError) and
 * for page actions: a domain error keeps its own status, code and spec message; invalid input is
 * 400 VALIDATION_ERROR; anything else is our fault, a logged 500 that shows no internals.
 */
export type ErrorStatus = ClientErrorStatusCode | ServerErrorStatusCode;

export interface ErrorAnswer {
  status: ErrorStatus;
  code: string;
  message: string;
  details?: Readonly<Record<string, unknown>>;
}

const INTERNAL: ErrorAnswer = { status: 500, code: "INTERNAL_ERROR", message: "An unexpected error occurred." };

export function errorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof DomainError) return { status: error.status as ErrorStatus, code: error.code, message: error.message, details: error.details };
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    const field = issue.path.join(".");
    return { status: 400, code: "VALIDATION_ERROR", message: field ? `${field}: ${issue.message}` : issue.message };
  }
  // Hono's own 4xx (malformed JSON, unsupported media type) are the caller's mistake, not ours.
  if (error instanceof HTTPException && error.status >= 400 && error.status < 500) return { status: error.status as ClientErrorStatusCode, code: "BAD_REQUEST", message: error.message };
  return INTERNAL;
}

/** An answer in the API's error shape, `{"error": {"code", "message"}}`, for a route's own checks. */
export function apiError<S extends ContentfulStatusCode>(c: Context, status: S, code: string, message: string) {
  return c.json({ error: { code, message } }, status);
}

/** The API's answer to a thrown error; a failure that is not the caller's is logged first. */
export function errorResponse(error: unknown, c: Context<AppEnv>) {
  const answer = errorAnswer(error);
  if (answer === INTERNAL) c.get("log").error({ err: error }, "unhandled error");
  // Details never override the code and message.
  return c.json({ error: { ...answer.details, code: answer.code, message: answer.message } }, answer.status);
}

/**
 * For a page action that shows the problem on the page: the answer for a domain error or invalid
 * input, with the same status the API gives it. Anything else is rethrown to the error page.
 */
export function shownError(error: unknown): ErrorAnswer {
  const answer = errorAnswer(error);
  if (answer === INTERNAL) throw error;
  return answer;
}
