/** Tags that tie a cached page to what it shows, so a change can drop exactly those pages. */
export function dealCacheTag(dealId: number): string {
  return `deal:${dealId}`;
}

/** A content page (/page/…, guides, editorial) by its slug, for every brand that shows it. */
export function contentCacheTag(slug: string): string {
  return `content:${slug}`;
}
