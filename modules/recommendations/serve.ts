/**
 * Serving recommendations: one indexed read of deal_recommendations for the seed deals, scores
 * summed, then popularity (deals.total_bought) in the shopper's location and the seeds'
 * sub-categories, then their categories, then in the location, until the list is full. Only deals a shopper can buy now are
 * served: published, open, not past their closing day, not sold out, of the brand's market, and
 * local deals only of the shopper's location. Choices: docs/decisions/recommendations-item-to-item.md.
 */
import { and, asc, count, desc, eq, inArray, isNull, max, ne, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CountryCode } from "../../lib/brand";
import { findDealTiles } from "../catalog/deal-lookup";
import type { DealTile } from "../catalog/deal-tile";
import { listableCondition, queryDealTiles, scopeCondition } from "../catalog/listing/deal-query";
import { DEFAULT_SORT } from "../catalog/rules/listing-options";
import { deals } from "../catalog/schema";
import { orderLines } from "../orders/schema";
import { dealRecommendations } from "./schema";

/** Spec: recommendations limit 40, page size 25, page 0 (0-based). */
export const RECOMMENDATIONS_LIMIT = 40;
export const RECOMMENDATIONS_PAGE_SIZE = 25;
/** Spec: buy-again page size 10. */
export const BUY_AGAIN_PAGE_SIZE = 10;
/** Cross-sell rows (deal page, checkout). */
export const COMPLEMENTARY_LIMIT = 8;
/** Seeds read for one shopper: their latest purchases. */
const PURCHASE_SEEDS = 20;

export interface ServeRequest {
  countryCode: CountryCode;
  now: Date;
  /** The shopper's location: local deals elsewhere are never recommended. */
  locationId: number;
  /** Deals the recommendations start from (viewed, bought, in the basket, on the page). */
  seedDealIds: readonly number[];
  /** Never recommended (besides the seeds themselves). */
  excludeDealIds?: readonly number[];
  limit: number;
}

export type RecommendationOrigin = "item_to_item" | "popular_in_category" | "popular_in_location";

export interface ServedRecommendations {
  deals: DealTile[];
  /** Where each deal came from, in the same order (for tests, the bench and tuning). */
  origins: RecommendationOrigin[];
}

/** A deal a shopper in this market and location could buy right now. */
export function servableCondition(countryCode: CountryCode, now: Date, locationId: number): SQL {
  return and(
    listableCondition(countryCode, now),
    eq(deals.soldOut, false),
    isNull(deals.giftPreset),
    or(ne(deals.dealType, "local"), eq(deals.locationId, locationId))!,
  )!;
}

export async function recommendFromDeals(db: Db, request: ServeRequest): Promise<ServedRecommendations> {
  const seeds = [...new Set(request.seedDealIds)];
  const excluded = [...new Set([...seeds, ...(request.excludeDealIds ?? [])])];
  const servable = servableCondition(request.countryCode, request.now, request.locationId);
  const notExcluded = excluded.length ? notInArray(deals.id, excluded) : undefined;
  const picked: number[] = [];
  const origins: RecommendationOrigin[] = [];
  const take = (ids: readonly number[], origin: RecommendationOrigin) => {
    for (const id of ids) {
      if (picked.length >= request.limit) return;
      if (!picked.includes(id)) {
        picked.push(id);
        origins.push(origin);
      }
    }
  };

  if (seeds.length) {
    const total = sql<number>`sum(${dealRecommendations.score})`;
    const rows = await db
      .select({ id: dealRecommendations.recommendedDealId, total })
      .from(dealRecommendations)
      .innerJoin(deals, eq(deals.id, dealRecommendations.recommendedDealId))
      .where(and(inArray(dealRecommendations.dealId, seeds), servable, notExcluded))
      .groupBy(dealRecommendations.recommendedDealId)
      .orderBy(desc(total), asc(dealRecommendations.recommendedDealId))
      .limit(request.limit);
    take(rows.map((row) => row.id), "item_to_item");
  }

  const scope = { countryCode: request.countryCode, locationId: request.locationId, withNonLocal: true } as const;
  const popular = async (extra: SQL | undefined, origin: RecommendationOrigin) => {
    if (picked.length >= request.limit) return;
    const where = and(scopeCondition(scope, request.now), servable, notExcluded, picked.length ? notInArray(deals.id, picked) : undefined, extra)!;
    const tiles = await queryDealTiles(db, where, { sort: DEFAULT_SORT, offset: 0, limit: request.limit - picked.length });
    take(tiles.map((tile) => tile.id), origin);
  };
  if (seeds.length) {
    // The seeds' own sub-categories first, then their top categories.
    const kinds = await db.selectDistinct({ categoryId: deals.categoryId, subCategoryId: deals.subCategoryId }).from(deals).where(inArray(deals.id, seeds));
    if (kinds.length) {
      await popular(inArray(deals.subCategoryId, [...new Set(kinds.map((row) => row.subCategoryId))]), "popular_in_category");
      await popular(inArray(deals.categoryId, [...new Set(kinds.map((row) => row.categoryId))]), "popular_in_category");
    }
  }
  await popular(undefined, "popular_in_location");

  const tiles = await findDealTiles(db, picked, { countryCode: request.countryCode });
  const byId = new Map(tiles.map((tile) => [tile.id, tile]));
  const kept = picked.flatMap((id, index) => (byId.has(id) ? [{ tile: byId.get(id)!, origin: origins[index] }] : []));
  return { deals: kept.map((entry) => entry.tile), origins: kept.map((entry) => entry.origin) };
}

/** The customer's bought deals, most recently bought first (their own orders only). */
export async function purchasedDealIds(db: Db, customerId: number, limit = PURCHASE_SEEDS): Promise<number[]> {
  const last = max(orderLines.createdAt);
  const rows = await db
    .select({ dealId: orderLines.dealId, last })
    .from(orderLines)
    .where(and(eq(orderLines.customerId, customerId), eq(orderLines.kind, "deal")))
    .groupBy(orderLines.dealId)
    .orderBy(desc(last), desc(orderLines.dealId))
    .limit(limit);
  return rows.flatMap((row) => (row.dealId === null ? [] : [row.dealId]));
}

export interface RecommendationPage {
  deals: DealTile[];
  page: number;
  pageSize: number;
  /** How many there are in all (at most `limit`). */
  total: number;
}

/**
 * "Recommended for you": from the customer's purchases and the deals they viewed or saved (the
 * caller passes those, read from their own modules), none of which is recommended back.
 */
export async function recommendForCustomer(
  db: Db,
  request: Omit<ServeRequest, "seedDealIds" | "excludeDealIds"> & { customerId: number; seenDealIds: readonly number[]; page: number; pageSize: number },
): Promise<RecommendationPage> {
  const bought = await purchasedDealIds(db, request.customerId);
  const served = await recommendFromDeals(db, { ...request, seedDealIds: [...bought, ...request.seenDealIds] });
  const start = request.page * request.pageSize;
  return { deals: served.deals.slice(start, start + request.pageSize), page: request.page, pageSize: request.pageSize, total: served.deals.length };
}

/** "Buy again": deals from the customer's own orders that can be bought now, most recently bought first. */
export async function listBuyAgain(
  db: Db,
  request: { customerId: number; countryCode: CountryCode; now: Date; locationId: number; page: number; pageSize: number },
): Promise<RecommendationPage> {
  const mine = and(eq(orderLines.customerId, request.customerId), eq(orderLines.kind, "deal"), servableCondition(request.countryCode, request.now, request.locationId));
  const [{ total }] = await db
    .select({ total: count(sql`distinct ${orderLines.dealId}`) })
    .from(orderLines)
    .innerJoin(deals, eq(deals.id, orderLines.dealId))
    .where(mine);
  const last = max(orderLines.createdAt);
  const rows = await db
    .select({ dealId: deals.id, last })
    .from(orderLines)
    .innerJoin(deals, eq(deals.id, orderLines.dealId))
    .where(mine)
    .groupBy(deals.id)
    .orderBy(desc(last), desc(deals.id))
    .limit(request.pageSize)
    .offset(request.page * request.pageSize);
  const tiles = await findDealTiles(db, rows.map((row) => row.dealId), { countryCode: request.countryCode });
  return { deals: tiles, page: request.page, pageSize: request.pageSize, total };
}
