/**
 * A short row of a collection's deals (a special tag, a top-level category, early-bird deals),
 * for home page scrollers, content pages' deal feeds and the early-bird list. Local deals come from the given location; shop and
 * travel deals from the whole market.
 */
import type { Db } from "../../../db/client";
import type { CountryCode } from "../../../lib/brand";
import { loadCategoryTree } from "../categories";
import type { DealTile } from "../deal-tile";
import { DEFAULT_SORT } from "../rules/listing-options";
import type { DealType } from "../schema";
import { type DealScope, queryDealTiles, scopeCondition } from "./deal-query";

/** Scroller rows hold 14 deals (spec discovery §9). */
export const SCROLLER_PAGE_SIZE = 14;

export interface CollectionRequest {
  countryCode: CountryCode;
  now: Date;
  locationId: number;
  specialTag?: string | null;
  category?: string | null;
  dealType?: DealType;
  earlyBird?: boolean;
  limit?: number;
}

export async function listCollectionDeals(db: Db, request: CollectionRequest): Promise<DealTile[]> {
  const scope: DealScope = { countryCode: request.countryCode, locationId: request.locationId, withNonLocal: true };
  if (request.specialTag) scope.tag = request.specialTag;
  if (request.dealType) scope.dealTypes = [request.dealType];
  if (request.earlyBird) scope.earlyBird = true;
  if (request.category) {
    const chain = (await loadCategoryTree(db)).resolve([request.category]);
    if (!chain) return [];
    scope.categoryId = chain[0].id;
  }
  return queryDealTiles(db, scopeCondition(scope, request.now), { sort: DEFAULT_SORT, offset: 0, limit: request.limit ?? SCROLLER_PAGE_SIZE });
}
