import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CountryCode } from "../../lib/brand";
import type { DealTile } from "./deal-tile";
import { TILE_COLUMNS } from "./listing/deal-query";
import { deals } from "./schema";

/**
 * Tiles for the given deal ids, in the order of `ids` (ids that do not exist are skipped), for
 * lists other modules keep (search results, wishlist, recently viewed). With `countryCode`, only
 * published deals of that market are returned.
 */
export async function findDealTiles(db: Db, ids: readonly number[], market?: { countryCode: CountryCode }): Promise<DealTile[]> {
  if (ids.length === 0) return [];
  const where = market
    ? and(inArray(deals.id, [...ids]), eq(deals.countryCode, market.countryCode), eq(deals.published, true))
    : inArray(deals.id, [...ids]);
  const rows = await db.select(TILE_COLUMNS).from(deals).where(where);
  const byId = new Map(rows.map((tile) => [tile.id, tile]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The subset of `ids` that are deals in the catalogue. */
export async function findExistingDealIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: deals.id }).from(deals).where(inArray(deals.id, [...ids]));
  return rows.map((row) => row.id);
}
