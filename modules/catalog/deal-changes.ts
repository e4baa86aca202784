import type { Db } from "../../db/client";
import { announceCacheChanges } from "../../db/cache-changes";
import { dealCacheTag } from "../../lib/cache-tags";

/**
 * Announces that deals changed (price, stock, status) so every app instance drops the cached pages
 * showing them; delivered on commit (db/cache-changes.ts).
 */
export async function announceDealChanges(db: Db, dealIds: readonly number[]): Promise<void> {
  await announceCacheChanges(db, dealIds.map(dealCacheTag));
}
