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

/**
 * Only paths on this site: "/wishlist" yes; "//evil.example", "https://…", "/\\evil" no. The answer
 * is percent-encoded ASCII ("/／／x" becomes "/%EF%BC%8F%EF%BC%8Fx"), as a Location header must be.
 */
export function safeLocalPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2000 || !isSafeText(value)) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // Control characters (header splitting) and backslashes (read as "/" by browsers) never belong in a path.
  if ([...value].some((char) => char < " " || char === "\\" || char === "\u007f")) return null;
  const url = new URL(value, LOCAL_ORIGIN);
  return url.origin === LOCAL_ORIGIN ? url.pathname + url.search + url.hash : null;
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
