/**
 * When the app shell offers its banner and lightboxes (spec discovery §2, constants §9). Pure, so
 * the rules are tested apart from the browser; the components in components/AppShellPrompts.tsx
 * apply them after hydration (cached pages render the same HTML for everybody).
 * docs/decisions/app-shell-lightboxes.md, docs/decisions/app-shell-smart-banner.md.
 */
import type { BrandId } from "../../lib/brand";
import { pageTypeFromPath } from "../../modules/catalog/rules/page-type";

export const MARKETING_LIGHTBOX_DELAY_MS = 2000;
/** Set when the marketing lightbox has been shown (closed, answered or left): not shown again for 30 days. */
export const MARKETING_LIGHTBOX_COOKIE = "mkt_lightbox";
export const MARKETING_LIGHTBOX_REMEMBER_DAYS = 30;
export const APP_BANNER_COOKIE = "app_banner_closed";
export const APP_BANNER_DISMISS_DAYS = 2;

/** Pages the spec names: ppc, checkout, faqs, merchantfaqs, welcome, refer-a-friend, internetsafety. */
const MARKETING_EXCLUDED_CONTENT = new Set(["faqs", "merchantfaqs", "internetsafety"]);

export function marketingExcludedPage(pathname: string): boolean {
  const type = pageTypeFromPath(pathname);
  if (type === "ppc" || type === "checkout") return true;
  const [first, second] = pathname.toLowerCase().split("/").filter(Boolean);
  if (first === "page" && MARKETING_EXCLUDED_CONTENT.has(second ?? "")) return true;
  if (first === "refer" || (first === "myaccount" && second === "refer-a-friend")) return true;
  return false;
}

/**
 * An arrival from one of our emails or from an affiliate: they came for a deal (and email readers
 * are subscribed already), so no marketing lightbox. Email: the email-deal paths, a customer token
 * (`ct`) or campaign id (`st_cid`) from an email link, `utm_medium=email`, `usr_src=email…`.
 * Affiliate: `utm_medium=affiliate`, `aff`/`affiliate` parameters (the affiliate cookies are checked
 * by the server's subscription check).
 */
export function emailOrAffiliateArrival(pathname: string, search: URLSearchParams): boolean {
  const first = pathname.split("/").filter(Boolean)[0] ?? "";
  if (first === "email-deal" || first === "email-deals") return true;
  if (search.has("ct") || search.has("st_cid") || search.has("aff") || search.has("affiliate")) return true;
  const medium = (search.get("utm_medium") ?? "").toLowerCase();
  if (medium === "email" || medium === "affiliate") return true;
  const source = (search.get("usr_src") ?? "").toLowerCase();
  return source.startsWith("email") || source.startsWith("affiliate");
}

/**
 * Whether to start the marketing lightbox's 2-second timer: the subscription check offered it, the
 * page and the arrival are not excluded, and the sign-in prompt is not open (one modal at a time).
 */
export function offerMarketingLightbox(input: { pathname: string; search: URLSearchParams; subscriptionCheckOffers: boolean; signInPromptOffered: boolean }): boolean {
  if (!input.subscriptionCheckOffers || input.signInPromptOffered) return false;
  return !marketingExcludedPage(input.pathname) && !emailOrAffiliateArrival(input.pathname, input.search);
}

export type AppPlatform = "ios" | "android";

/** iOS (iPhone, iPad, iPod) or Android from a user agent; null for anything else. */
export function appPlatform(userAgent: string): AppPlatform | null {
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return "ios";
  if (/\bAndroid\b/.test(userAgent)) return "android";
  return null;
}

/** The smart banner: on the home page and on category and location home pages, for iOS and Android, unless closed in the last 2 days. */
export function showAppBanner(input: { pathname: string; userAgent: string; dismissed: boolean }): boolean {
  if (input.dismissed || appPlatform(input.userAgent) === null) return false;
  const type = pageTypeFromPath(input.pathname);
  return type === "root" || type === "homepage" || type === "category";
}

/** The app's own link to the page the shopper is on (the brand's URL scheme). */
export function appDeepLink(brand: BrandId, pathname: string, search = ""): string {
  return `${brand}://open${pathname}${search}`;
}

/** A browser-written cookie (a UI preference, not a secret). */
export function preferenceCookie(name: string, days: number, secure: boolean): string {
  return `${name}=1; Max-Age=${days * 86_400}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function hasCookie(cookieHeader: string, name: string): boolean {
  return cookieHeader.split(";").some((part) => part.trim().startsWith(`${name}=`));
}
