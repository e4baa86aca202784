/** Tags that tie a cached page to what it shows, so a change can drop exactly those pages. */
export function dealCacheTag(dealId: number): string {
  return `deal:${dealId}`;
}
