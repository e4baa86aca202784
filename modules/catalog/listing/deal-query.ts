/**
 * The one place listings select and filter deals: which deals are listable, the tile columns,
 * the sort orders and the scopes pages list by. Every listing (location, category, shop, travel,
 * VIP, special, deal-page side deals, the API) goes through here.
 */
import { type SQL, and, asc, count, desc, eq, gte, inArray, lte, ne, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { CountryCode } from "../../../lib/brand";
import { memo } from "../../../lib/memo";
import type { DealTile } from "../deal-tile";
import type { SortOption } from "../rules/listing-options";
import { marketTimeZone, startOfMarketDay } from "../../../lib/market-time";
import { type DealImage, type DealType, dealTags, deals } from "../schema";

/** Which deals a listing draws from. Every field narrows the set. */
export interface DealScope {
  countryCode: CountryCode;
  /** Local deals of this location only (with `withNonLocal`, national and travel deals as well). */
  locationId?: number;
  withNonLocal?: boolean;
  dealTypes?: readonly DealType[];
  categoryId?: number;
  subCategoryId?: number;
  /** Deals in any of these sub-categories (a sub-category slug shared by several parents). */
  subCategoryIn?: readonly number[];
  /** Deals whose category or sub-category is one of these (ids are unique across both levels). */
  anyCategoryIn?: readonly number[];
  /** A special tag from deal_tags. */
  tag?: string;
  /** A second tag filter (the `searchTag` key): a special tag or a flag tag (see FLAG_TAGS). */
  searchTag?: string;
  vipOnly?: boolean;
  earlyBird?: boolean;
  excludeDealIds?: readonly number[];
}

export interface PriceFilter {
  /** Minor units, inclusive. */
  minPrice: number | null;
  maxPrice: number | null;
}

export const NO_PRICE_FILTER: PriceFilter = { minPrice: null, maxPrice: null };

/**
 * Listable: published, open and not past the end of its closing day (market time). Closed
 * last-chance deals stay reachable on their deal page for last-chance arrivals, never in lists.
 */
export function listableCondition(countryCode: CountryCode, now: Date): SQL {
  const dayStart = startOfMarketDay(now, marketTimeZone(countryCode));
  return and(eq(deals.countryCode, countryCode), eq(deals.published, true), eq(deals.open, true), gte(deals.closingDate, dayStart))!;
}

export function scopeCondition(scope: DealScope, now: Date, prices: PriceFilter = NO_PRICE_FILTER): SQL {
  const parts: SQL[] = [listableCondition(scope.countryCode, now)];
  if (scope.locationId !== undefined) {
    const local = eq(deals.locationId, scope.locationId);
    parts.push(scope.withNonLocal ? or(local, ne(deals.dealType, "local"))! : local);
  }
  if (scope.dealTypes) parts.push(inArray(deals.dealType, [...scope.dealTypes]));
  if (scope.categoryId !== undefined) parts.push(eq(deals.categoryId, scope.categoryId));
  if (scope.subCategoryId !== undefined) parts.push(eq(deals.subCategoryId, scope.subCategoryId));
  if (scope.subCategoryIn) parts.push(inArray(deals.subCategoryId, [...scope.subCategoryIn]));
  if (scope.anyCategoryIn) parts.push(or(inArray(deals.categoryId, [...scope.anyCategoryIn]), inArray(deals.subCategoryId, [...scope.anyCategoryIn]))!);
  if (scope.searchTag) parts.push(tagCondition(scope.searchTag));
  if (scope.tag) parts.push(tagCondition(scope.tag));
  if (scope.vipOnly) parts.push(tagCondition("vip"));
  if (scope.earlyBird) parts.push(eq(deals.earlyBird, true));
  if (scope.excludeDealIds?.length) parts.push(notInArray(deals.id, [...scope.excludeDealIds]));
  if (prices.minPrice !== null) parts.push(gte(deals.price, prices.minPrice));
  if (prices.maxPrice !== null) parts.push(lte(deals.price, prices.maxPrice));
  return and(...parts)!;
}

/** Tags read from deal flags, as search names them (docs/decisions/search-availability-and-tags.md). */
export const FLAG_TAGS = ["early-bird", "last-chance", "vip", "free-delivery"] as const;

function tagCondition(tag: string): SQL {
  switch (tag) {
    case "early-bird":
      return eq(deals.earlyBird, true);
    case "last-chance":
      return eq(deals.lastChance, true);
    case "vip":
      return and(eq(deals.vipDiscountAllowed, true), sql`${deals.vipPrice} is not null`)!;
    case "free-delivery":
      return eq(deals.minPostagePrice, 0);
    default:
      return sql`exists (select 1 from ${dealTags} where ${dealTags.tag} = ${tag} and ${dealTags.dealId} = ${deals.id})`;
  }
}

const SORT_ORDER: Record<SortOption, SQL[]> = {
  popularity: [desc(deals.totalBought), asc(deals.id)],
  price: [desc(deals.price), asc(deals.id)],
  pricelow: [asc(deals.price), asc(deals.id)],
  discountPercentage: [desc(deals.discountPercentage), desc(deals.totalBought), asc(deals.id)],
  recentlyAdded: [desc(deals.createdAt), asc(deals.id)],
};

/** Tile columns only: the first image is cut out in SQL rather than shipping the whole array. */
export const TILE_COLUMNS = {
  id: deals.id,
  headline: deals.headline,
  urlPath: deals.urlPath,
  dealType: deals.dealType,
  currency: deals.currency,
  price: deals.price,
  originalPrice: deals.originalPrice,
  discountPercentage: deals.discountPercentage,
  vipPrice: deals.vipPrice,
  vipDiscountPercentage: deals.vipDiscountPercentage,
  vipDiscountAllowed: deals.vipDiscountAllowed,
  showPrice: deals.showPrice,
  showDiscount: deals.showDiscount,
  priceIndicative: deals.priceIndicative,
  pricePerPerson: deals.pricePerPerson,
  priceText: deals.priceText,
  image: sql<DealImage | null>`${deals.images} -> 0`,
  soldOut: deals.soldOut,
  earlyBird: deals.earlyBird,
  lastChance: deals.lastChance,
};

/**
 * Tiles of one page of a scope. Two steps in one statement: the ids of the page come from the
 * listing indexes alone (ordered or covering), then only those rows are read for their tiles.
 */
export async function queryDealTiles(
  db: Db,
  where: SQL,
  options: { sort: SortOption; offset: number; limit: number },
): Promise<DealTile[]> {
  if (options.limit <= 0) return [];
  const order = SORT_ORDER[options.sort];
  const pageIds = db.select({ id: deals.id }).from(deals).where(where).orderBy(...order).limit(options.limit).offset(options.offset);
  return db
    .select(TILE_COLUMNS)
    .from(deals)
    .where(inArray(deals.id, pageIds))
    .orderBy(...order);
}

/**
 * Counts change slowly and a page's count lagging a minute behind is harmless, while counting a
 * big location's deals on every request is not: counts are kept for a minute per scope and day.
 */
const COUNT_TTL_MS = 60_000;

function countKey(kind: string, scope: DealScope, now: Date, prices: PriceFilter): string {
  return `${kind}:${startOfMarketDay(now, marketTimeZone(scope.countryCode)).getTime()}:${JSON.stringify(scope)}:${prices.minPrice}:${prices.maxPrice}`;
}

/** `fresh` skips the minute-old memo (the live listing API). */
function remembered<T>(db: Db, key: string, fresh: boolean, load: () => Promise<T>): Promise<T> {
  return fresh ? load() : memo(db, key, COUNT_TTL_MS, load);
}

export function countDeals(db: Db, scope: DealScope, now: Date, prices: PriceFilter = NO_PRICE_FILTER, fresh = false): Promise<number> {
  return remembered(db, countKey("count", scope, now, prices), fresh, async () => {
    const [row] = await db.select({ total: count() }).from(deals).where(scopeCondition(scope, now, prices));
    return row.total;
  });
}

/** Deal counts per category or sub-category within a scope, for faceted navigation. */
export function countByCategory(
  db: Db,
  scope: DealScope,
  now: Date,
  prices: PriceFilter,
  level: "category" | "subCategory",
  fresh = false,
): Promise<ReadonlyMap<number, number>> {
  return remembered(db, countKey(level, scope, now, prices), fresh, async () => {
    const column = level === "category" ? deals.categoryId : deals.subCategoryId;
    const rows = await db.select({ id: column, total: count() }).from(deals).where(scopeCondition(scope, now, prices)).groupBy(column);
    return new Map(rows.map((row) => [row.id, row.total]));
  });
}
