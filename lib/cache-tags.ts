/** Tags that tie a cached page to what it shows, so a change can drop exactly those pages. */
export function dealCacheTag(dealId: number): string {
  return `deal:${dealId}`;
}

/** A content page (/page/…, guides, editorial) by its slug, for every brand that shows it. */
export function contentCacheTag(slug: string): string {
  return `content:${slug}`;
}

/**
 * Every page that lists a market's deals (listings, search, map, early bird, gift finder): a deal
 * that joins or leaves the shop (goes live, pauses, closes) is on none of their deal tags yet.
 */
export function marketListingsCacheTag(countryCode: string): string {
  return `listings:${countryCode}`;
}

/**
 * What every shop page shows around its content: the header's navigation, the seasonal theme, the
 * countdown bar, the home page's scrollers. Every public page carries this tag; an edit of any of
 * them drops every cached page and the memoised reference data (server/main.ts).
 */
export function shopShellCacheTag(): string {
  return "shell:all";
}
