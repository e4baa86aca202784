import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { announceCacheChanges } from "../../db/cache-changes";
import { dealCacheTag, marketListingsCacheTag } from "../../lib/cache-tags";
import { deals } from "./schema";

/**
 * Announces that deals changed (price, stock, status) so every app instance drops the cached pages
 * showing them; delivered on commit (db/cache-changes.ts). `listings`: the deals joined or left the
 * shop, so their markets' listing pages are dropped too.
 */
export async function announceDealChanges(db: Db, dealIds: readonly number[], options: { listings?: boolean } = {}): Promise<void> {
  const tags = dealIds.map(dealCacheTag);
  if (options.listings && dealIds.length > 0) {
    const markets = await db
      .selectDistinct({ countryCode: deals.countryCode })
      .from(deals)
      .where(inArray(deals.id, [...dealIds]));
    tags.push(...markets.map((market) => marketListingsCacheTag(market.countryCode)));
  }
  await announceCacheChanges(db, tags);
}
