/** Page types of spec discovery §2, derived from a path (and the dealPreview query flag). */
export const PAGE_TYPES = [
  "account",
  "category",
  "checkout",
  "claim-gift",
  "dashboard",
  "deal",
  "dealPreview",
  "early-bird",
  "extendLanding",
  "gift-finder",
  "gifts",
  "guide",
  "homepage",
  "map-view",
  "myaccount",
  "order-addon",
  "other",
  "ppc",
  "recentlyViewed",
  "recommended",
  "root",
  "search",
  "special",
  "travel",
  "vipCategory",
  "vipDeal",
  "vouchers",
  "wellness-collection",
] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** First path segments that name a listing ('deal-preview' is treated like 'deals'). */
const LISTING_KEYWORDS = new Set(["deals", "near-me", "deal-preview"]);
/** First path segments that name a single deal. */
const DEAL_KEYWORDS = new Set(["deal", "email-deal", "email-deals"]);
const TRAVEL_SEGMENTS = new Set(["travel", "escapes"]);

const FIXED: Record<string, PageType> = {
  search: "search",
  "map-view": "map-view",
  "early-bird": "early-bird",
  "recently-viewed": "recentlyViewed",
  "recommended-for-you": "recommended",
  checkout: "checkout",
  "order-addon": "order-addon",
  myaccount: "myaccount",
  login: "account",
  register: "account",
  "forgot-password": "account",
  insights: "dashboard",
  dashboard: "dashboard",
  welcome: "ppc",
  ppc: "ppc",
  extend: "extendLanding",
  gifts: "gifts",
};

export function pageTypeFromPath(pathname: string, searchParams: URLSearchParams = new URLSearchParams()): PageType {
  if (searchParams.has("dealPreview")) return "dealPreview";
  const segments = pathname.split("/").filter(Boolean);
  if (segments.length === 0) return "root";
  const [first, second, third] = segments;

  if (first === "guides") return searchParams.has("claim-my-gift") ? "claim-gift" : "guide";
  if (segments.includes("gift-finder")) return "gift-finder";
  if (first === "myaccount") return second === "vouchers" ? "vouchers" : "myaccount";
  if (FIXED[first]) return FIXED[first];
  if (pathname.includes("/gifts")) return "gifts";

  if (DEAL_KEYWORDS.has(first)) {
    if (!second) return "other";
    return searchParams.get("vip") === "true" ? "vipDeal" : "deal";
  }
  if (LISTING_KEYWORDS.has(first)) {
    if (!second) return "other";
    if (third === "special") return "special";
    if (first === "deals" && second === "vip") return "vipCategory";
    if (first === "deals" && second === "wellness-collection") return "wellness-collection";
    if (first === "deals" && TRAVEL_SEGMENTS.has(second)) return "travel";
    if (first === "near-me") return "category";
    return segments.length === 2 ? "homepage" : "category";
  }
  return "other";
}
