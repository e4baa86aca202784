import { data } from "react-router";
import { RATE_LIMITED_MESSAGE } from "../../server/security/rate-limits";
import type { FormResult } from "./form-result";

/** Pages with a visitor's own data: never stored by the page cache, a CDN or the browser's back cache. */
export const PRIVATE_PAGE_HEADERS = { "Cache-Control": "private, no-store" };

export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

export function formResult(result: FormResult, status = 200) {
  return data<FormResult>(result, { status });
}

/** The 429 answer of a form over its rate limit, with Retry-After like the API's. */
export function tooManyAttempts(retryAfterSeconds: number, values?: Record<string, string>) {
  return data<FormResult>({ values, formError: RATE_LIMITED_MESSAGE }, { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } });
}
