import { dealCacheTag, marketListingsCacheTag, shopShellCacheTag } from "../lib/cache-tags";

const FRESH_SECONDS = 60;
const STALE_SECONDS = 300;

/**
 * Headers for an anonymous page: shared caches (ours and a CDN's) may keep it for a minute and serve
 * it stale for five more while refreshing; the tags let a deal change drop it at once. Browsers keep
 * nothing (max-age=0): a shopper who signs in must get the signed-in page at once. `tags` names
 * anything else the page shows that an edit announces (a content page's words). A page that
 * will change by itself sooner (a deal closing, which no write announces) says so in
 * `changesInSeconds`, and no cache keeps it past that moment.
 */
export function publicPageHeaders(dealIds: readonly number[], options: { changesInSeconds?: number; tags?: readonly string[] } = {}): HeadersInit {
  const until = Math.floor(options.changesInSeconds ?? Infinity);
  const fresh = Math.max(0, Math.min(FRESH_SECONDS, until));
  const stale = Math.max(0, Math.min(STALE_SECONDS, until - fresh));
  return {
    "Cache-Control": `public, max-age=0, s-maxage=${fresh}, stale-while-revalidate=${stale}`,
    // Every page shows the shop's header (navigation, theme, countdown): an edit of those drops them all.
    "x-cache-tags": [...dealIds.map(dealCacheTag), ...(options.tags ?? []), shopShellCacheTag()].join(" "),
  };
}

/** `publicPageHeaders` for a page that lists a market's deals: it is also dropped when a deal joins or leaves that market's shop. */
export function listingPageHeaders(countryCode: string, dealIds: readonly number[]): HeadersInit {
  return publicPageHeaders(dealIds, { tags: [marketListingsCacheTag(countryCode)] });
}
