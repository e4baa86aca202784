/**
 * The deals shown around a deal: side deals next to it and a "More deals" grid below, from the
 * same location (local deals) or the same category (shop and travel). The first `offset` deals
 * are side deals (spec discovery §9: 5 on deal pages, 0 for travel, +1 when the deal is sold out).
 */
import type { Db } from "../../../db/client";
import type { Brand } from "../../../lib/brand";
import type { DealTile } from "../deal-tile";
import { dealOffset } from "../rules/deal-offset";
import { DEFAULT_SORT, LISTING_PAGE_SIZE } from "../rules/listing-options";
import type { DealType } from "../schema";
import { type DealScope, queryDealTiles, scopeCondition } from "./deal-query";

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
}

export async function listDealPageDeals(db: Db, request: DealPageDealsRequest): Promise<DealPageDeals> {
  const { deal, page } = request;
  const travel = deal.dealType === "travel";
  const offset = dealOffset({ onDealPage: true, travel, mainDealSoldOut: deal.soldOut });
  const scope: DealScope =
    deal.dealType === "local" && deal.locationId !== null
      ? { countryCode: request.brand.countryCode, locationId: deal.locationId, dealTypes: ["local"], excludeDealIds: [deal.id] }
      : { countryCode: request.brand.countryCode, dealTypes: [deal.dealType], categoryId: deal.categoryId, excludeDealIds: [deal.id] };
  const where = scopeCondition(scope, request.now);
  const first = page === 1 ? 0 : offset + (page - 1) * LISTING_PAGE_SIZE;
  const limit = page === 1 ? offset + LISTING_PAGE_SIZE : LISTING_PAGE_SIZE;
  const rows = await queryDealTiles(db, where, { sort: DEFAULT_SORT, offset: first, limit });
  return {
    sideDeals: page === 1 ? rows.slice(0, offset) : [],
    deals: page === 1 ? rows.slice(offset) : rows,
    page,
    pageSize: LISTING_PAGE_SIZE,
  };
}
