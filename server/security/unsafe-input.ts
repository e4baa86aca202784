import type { Context, MiddlewareHandler } from "hono";
import { findUnsafeText, isSafeText, UNSAFE_TEXT_MESSAGE } from "../../lib/input";
import { apiError } from "../errors";

/** Decodes a URL component like the router does: a malformed escape stays as typed. */
function decoded(component: string): string {
  try {
    return decodeURIComponent(component.replace(/\+/g, " "));
  } catch {
    return component;
  }
}

/** Where unsafe text sits in the URL or the body (JSON or form), or null when there is none. */
async function unsafeField(c: Context): Promise<string | null> {
  const url = new URL(c.req.url);
  if (!isSafeText(decoded(url.pathname))) return "path";
  for (const pair of url.search.slice(1).split("&")) {
    if (!isSafeText(decoded(pair))) return `query ${decoded(pair.split("=")[0])}`;
  }
  const type = c.req.header("content-type") ?? "";
  // Read from a copy: the route or page action still gets the original body.
  if (/^application\/json/i.test(type)) {
    const body = await c.req.raw.clone().json().catch(() => null);
    return findUnsafeText(body);
  }
  if (/^application\/x-www-form-urlencoded/i.test(type)) {
    const form = await c.req.raw.clone().formData().catch(() => null);
    for (const [name, value] of form ?? []) {
      if (typeof value === "string" && (!isSafeText(name) || !isSafeText(value))) return name;
    }
  }
  return null;
}

/**
 * Refuses, at the edge and for every route, text no person types: NUL bytes and lone UTF-16
 * surrogates in the path, the query or a field. They would otherwise reach PostgreSQL (which
 * refuses NUL with an error) or be stored mangled.
 */
export function refuseUnsafeInput(): MiddlewareHandler {
  return async (c, next) => {
    const field = await unsafeField(c);
    if (!field) return next();
    if (c.req.path.startsWith("/v1/")) return apiError(c, 400, "VALIDATION_ERROR", `${field}: ${UNSAFE_TEXT_MESSAGE}`);
    return c.text(UNSAFE_TEXT_MESSAGE, 400);
  };
}
