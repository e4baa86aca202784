/**
 * "Recommended for you" (spec discovery §7: recommendations limit 40, pageSize 25, page 0): deals
 * like the ones a customer looked at or saved. The caller passes those deal ids (recently viewed,
 * wish list), so this module never reads another module's tables. Choices:
 * docs/decisions/catalog-recommendations.md.
 */
import { inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { CountryCode } from "../../../lib/brand";
import type { DealTile } from "../deal-tile";
import { DEFAULT_SORT } from "../rules/listing-options";
import { deals } from "../schema";
import { type DealScope, queryDealTiles, scopeCondition } from "./deal-query";

export const RECOMMENDATIONS_LIMIT = 40;
export const RECOMMENDATIONS_PAGE_SIZE = 25;

export interface RecommendationRequest {
  countryCode: CountryCode;
  now: Date;
  /** The visitor's location: its local deals, plus the market's shop and travel deals. */
  locationId: number;
  /** Deals the customer has shown interest in, most relevant first; never recommended back. */
  seenDealIds: readonly number[];
  /** 0-based, as the spec's request. */
  page: number;
  pageSize: number;
  limit: number;
}

export interface RecommendedDeals {
  deals: DealTile[];
  page: number;
  pageSize: number;
  /** How many recommendations there are in all (at most `limit`). */
  total: number;
}

/**
 * The seen deals' sub-categories first, then their top categories, then the most popular deals
 * of the location, each by popularity, until `limit` deals are found.
 */
export async function listRecommendedDeals(db: Db, request: RecommendationRequest): Promise<RecommendedDeals> {
  const seen = request.seenDealIds.length
    ? await db
        .select({ id: deals.id, categoryId: deals.categoryId, subCategoryId: deals.subCategoryId })
        .from(deals)
        .where(inArray(deals.id, [...request.seenDealIds]))
    : [];
  const base: DealScope = {
    countryCode: request.countryCode,
    locationId: request.locationId,
    withNonLocal: true,
    excludeDealIds: request.seenDealIds.length ? request.seenDealIds : undefined,
  };
  const tiers: DealScope[] = [];
  if (seen.length) {
    tiers.push({ ...base, subCategoryIn: unique(seen.map((row) => row.subCategoryId)) });
    tiers.push({ ...base, anyCategoryIn: unique(seen.map((row) => row.categoryId)) });
  }
  tiers.push(base);

  const found = new Map<number, DealTile>();
  for (const scope of tiers) {
    if (found.size >= request.limit) break;
    const rows = await queryDealTiles(db, scopeCondition(scope, request.now), { sort: DEFAULT_SORT, offset: 0, limit: request.limit });
    for (const row of rows) if (found.size < request.limit && !found.has(row.id)) found.set(row.id, row);
  }
  const all = [...found.values()];
  const start = request.page * request.pageSize;
  return { deals: all.slice(start, start + request.pageSize), page: request.page, pageSize: request.pageSize, total: all.length };
}

function unique(ids: number[]): number[] {
  return [...new Set(ids)];
}
