import { PageCache } from "./page-cache";

/**
 * The cookies that matter to the shared page cache. A signed-in session makes a request personal
 * (never cached); the chosen location and the autocomplete A/B variant change an anonymous page
 * (part of the key).
 */
export const PERSONAL_COOKIES = ["session"] as const;
export const VARY_COOKIES = ["location", "ab_autocomplete"] as const;

export function createPageCache(maxMegabytes: number): PageCache {
  return new PageCache({ personalCookies: PERSONAL_COOKIES, varyCookies: VARY_COOKIES, maxBytes: maxMegabytes * 1024 * 1024 });
}
