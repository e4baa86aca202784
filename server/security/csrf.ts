import type { Context } from "hono";
import { apiError } from "../errors";
import { CSRF_FIELD, CSRF_HEADER } from "../../lib/csrf";
import type { VisitorSession } from "../accounts/visitor-session";

export const CSRF_REJECTED_MESSAGE = "Your session has expired. Please refresh the page and try again.";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Payment gateways' webhooks (server/api/payment-webhooks.ts) come with no session: their signature says who sent them. */
const PAYMENT_WEBHOOK_PATH = "/v1/payments/webhook/";

function isForm(contentType: string | undefined): boolean {
  return /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(contentType ?? "");
}

/**
 * Whether a request may change something: safe methods always; anything else only with the
 * visitor's CSRF token in the header or, for HTML forms, the hidden field. The form body is read
 * from a copy, so the page action still gets the original request.
 */
export async function passesCsrfCheck(c: Context, session: VisitorSession): Promise<boolean> {
  if (SAFE_METHODS.has(c.req.method)) return true;
  if (c.req.path.startsWith(PAYMENT_WEBHOOK_PATH)) return true;
  let token = c.req.header(CSRF_HEADER);
  if (!token && isForm(c.req.header("content-type"))) {
    const field = await c.req.raw
      .clone()
      .formData()
      .then((form) => form.get(CSRF_FIELD))
      .catch(() => null);
    token = typeof field === "string" ? field : undefined;
  }
  return token !== undefined && session.isValidCsrfToken(token);
}

/** The answer to a request without a valid token: JSON for the API, a short page for forms. */
export function csrfRejected(c: Context): Response {
  if (c.req.path.startsWith("/v1/")) return apiError(c, 403, "CSRF_TOKEN_INVALID", CSRF_REJECTED_MESSAGE);
  return c.html(
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Please try again</title></head>` +
      `<body><main><h1>Please try again</h1><p>${CSRF_REJECTED_MESSAGE}</p><p><a href="javascript:history.back()">Go back</a></p></main></body></html>`,
    403,
  );
}
