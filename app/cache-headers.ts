import { dealCacheTag } from "../lib/cache-tags";

/**
 * Headers for an anonymous page: shared caches (ours and a CDN's) may keep it for a minute and serve
 * it stale for five more while refreshing; the tags let a deal change drop it at once.
 */
export function publicPageHeaders(dealIds: readonly number[]): HeadersInit {
  return {
    "Cache-Control": "public, max-age=60, s-maxage=60, stale-while-revalidate=300",
    "x-cache-tags": dealIds.map(dealCacheTag).join(" "),
  };
}
