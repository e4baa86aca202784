/**
 * The deals shown around a deal: side deals next to it and a "More deals" grid below, from the
 * same location (local deals) or the same category (shop and travel). The first `offset` deals
 * are side deals (spec discovery §9: 5 on deal pages, 0 for travel, +1 when the deal is sold out).
 *
 * The deal listing API (spec §7: page, pageSize, offset, filters, recentViewedDeal up to 5) may
 * ask for another page size or offset, sort and filter the list, and name deals the visitor has
 * just viewed, which are left out: they have seen them.
 */
import type { Db } from "../../../db/client";
import type { Brand } from "../../../lib/brand";
import { loadCategoryTree } from "../categories";
import type { DealTile } from "../deal-tile";
import { dealOffset } from "../rules/deal-offset";
import { DEFAULT_SORT, LISTING_PAGE_SIZE, type ListingQuery, hasListingFilters } from "../rules/listing-options";
import type { DealType } from "../schema";
import { type DealScope, queryDealTiles, scopeCondition } from "./deal-query";
import { resolveQueryFilters } from "./query-filters";

export interface DealPageDeals {
  sideDeals: DealTile[];
  deals: DealTile[];
  page: number;
  pageSize: number;
}

export interface DealPageDealsRequest {
  brand: Brand;
  now: Date;
  deal: { id: number; dealType: DealType; soldOut: boolean; locationId: number | null; categoryId: number };
  page: number;
  /** Sort and filter keys (the deal page itself lists by popularity, unfiltered). */
  query?: ListingQuery;
  pageSize?: number;
  /** Side deals before the grid, in place of the rule's count. */
  offset?: number;
  /** Deals the visitor viewed recently: not listed again. */
  recentlyViewed?: readonly number[];
}

export async function listDealPageDeals(db: Db, request: DealPageDealsRequest): Promise<DealPageDeals> {
  const { deal, page, query } = request;
  const travel = deal.dealType === "travel";
  const offset = request.offset ?? dealOffset({ onDealPage: true, travel, mainDealSoldOut: deal.soldOut });
  const size = request.pageSize ?? LISTING_PAGE_SIZE;
  const excludeDealIds = [deal.id, ...(request.recentlyViewed ?? [])];
  let scope: DealScope =
    deal.dealType === "local" && deal.locationId !== null
      ? { countryCode: request.brand.countryCode, locationId: deal.locationId, dealTypes: ["local"], excludeDealIds }
      : { countryCode: request.brand.countryCode, dealTypes: [deal.dealType], categoryId: deal.categoryId, excludeDealIds };
  if (query && hasListingFilters(query)) {
    const filters = await resolveQueryFilters(db, await loadCategoryTree(db), query, { chain: [] });
    scope = filters.apply(scope);
  }
  const prices = { minPrice: query?.minPrice ?? null, maxPrice: query?.maxPrice ?? null };
  const where = scopeCondition(scope, request.now, prices);
  const first = page === 1 ? 0 : offset + (page - 1) * size;
  const limit = page === 1 ? offset + size : size;
  const rows = await queryDealTiles(db, where, { sort: query?.sort ?? DEFAULT_SORT, offset: first, limit });
  return {
    sideDeals: page === 1 ? rows.slice(0, offset) : [],
    deals: page === 1 ? rows.slice(offset) : rows,
    page,
    pageSize: size,
  };
}
