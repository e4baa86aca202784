import { redirect } from "react-router";
import { isSafeText } from "../../lib/input";
import type { CustomerSummary } from "../../modules/accounts/customers";
import type { RequestServices } from "../context";
import type { CookieJar } from "../security/cookies";
import { DAY_SECONDS } from "../security/cookies";

/** Where a page that needs sign-in remembers the visitor was going (the "stored local redirect"). */
export const LOCAL_REDIRECT_COOKIE = "local_redirect";
/** A destination features may leave for after the next sign-in (spec §9: post-login URL, 30 days). */
export const POST_LOGIN_URL_COOKIE = "post_login_url";

const LOCAL_ORIGIN = "http://local.invalid";

// "%2F" and "%5C" in a path: some servers and proxies decode them into a second leading slash.
const ENCODED_SLASH = /%(2f|5c)/i;

/**
 * Only paths on this site: "/wishlist" yes; "//evil.example", "https://…", "/\\evil", "/..//evil" no.
 * The path is normalised first (WHATWG URL parser against a fixed base: dot segments, "%2e%2e")
 * and the result is checked, since "/..//evil.example" normalises to "//evil.example", which a
 * browser reads as another host. The answer is percent-encoded ASCII ("/／x" becomes
 * "/%EF%BC%8Fx"), as a Location header must be.
 */
export function safeLocalPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2000 || !isSafeText(value) || !value.startsWith("/")) return null;
  // Control characters (header splitting; the URL parser silently drops tabs and newlines) and
  // backslashes (read as "/" by browsers) never belong in a path.
  if ([...value].some((char) => char < " " || char === "\\" || char === "\u007f")) return null;
  let url: URL;
  try {
    url = new URL(value, LOCAL_ORIGIN);
  } catch {
    return null;
  }
  const path = url.pathname;
  if (url.origin !== LOCAL_ORIGIN || !path.startsWith("/") || path.startsWith("//") || ENCODED_SLASH.test(path)) return null;
  return path + url.search + url.hash;
}

/**
 * Where to go after signing in (spec §2): the stored local redirect, then the redirect URL of the
 * sign-in link, then the post-login URL, then the default page. The stored redirect is used once.
 */
export function signInDestination(cookies: CookieJar, redirectUrl: unknown, defaultPage: string): string {
  const stored = safeLocalPath(cookies.get(LOCAL_REDIRECT_COOKIE));
  if (cookies.get(LOCAL_REDIRECT_COOKIE) !== undefined) cookies.delete(LOCAL_REDIRECT_COOKIE);
  return stored ?? safeLocalPath(redirectUrl) ?? safeLocalPath(cookies.get(POST_LOGIN_URL_COOKIE)) ?? defaultPage;
}

/**
 * For loaders and actions of pages that need a signed-in customer: returns the customer, or sends
 * the visitor to /login remembering this page, so signing in brings them back.
 */
export function requireCustomer(context: RequestServices, request: Request): CustomerSummary {
  if (context.customer) return context.customer;
  const url = new URL(request.url);
  const target = url.pathname.replace(/\.data$/, "") + url.search;
  context.cookies.set(LOCAL_REDIRECT_COOKIE, target, { maxAgeSeconds: DAY_SECONDS });
  throw redirect("/login");
}
