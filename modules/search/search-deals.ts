import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/query-rows";
import type { CountryCode } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { findDealTiles } from "../catalog/deal-lookup";
import type { DealTile } from "../catalog/deal-tile";
import { findLocation, listLocations } from "../catalog/locations";
import { findSponsoredCandidates } from "../sponsored/find-candidates";
import { SearchError } from "./errors";
import { ENGLISH, foldSql } from "./fold";
import { nearLocationIds } from "./near";
import { type QueryText, parseQueryText } from "./query-text";
import { type TermMatch, spellTerms, toTsQueryText } from "./spell-terms";

export const SEARCH_ORDERS = ["relevance", "popularity", "price", "pricelow", "discountPercentage", "recentlyAdded"] as const;
export type SearchOrderBy = (typeof SEARCH_ORDERS)[number];
export type SortDirection = "asc" | "desc";

export const DEFAULT_SEARCH_PAGE_SIZE = 9;
export const MAX_SEARCH_PAGE_SIZE = 100;
/** Spec discovery §9: "search default 0 to 5000" (major units). */
export const DEFAULT_MIN_PRICE = 0;
export const DEFAULT_MAX_PRICE = 500_000;
/** Sponsored tiles go into these positions of the first page, whatever the sort. */
export const SPONSORED_SLOTS = [0, 4] as const;
// A category targeted by a campaign counts as what the search is about when it holds this share of the matches.
const LEADING_CATEGORY_SHARE = 0.25;

export interface SearchRequest {
  countryCode: CountryCode;
  /** Short name of the shopper's chosen location: its local deals (and those nearby) come first. */
  location: string;
  /** What the shopper typed; absent for tag and category listings. */
  q?: string;
  searchTag?: string;
  category?: string;
  subCategory?: string;
  excludeCategories?: readonly string[];
  excludeSubCategories?: readonly string[];
  excludeDealIds?: readonly number[];
  /** Minor units. */
  minPrice?: number;
  maxPrice?: number;
  /** Only deals with a VIP price. */
  vip?: boolean;
  orderBy?: SearchOrderBy;
  order?: SortDirection;
  page?: number;
  pageSize?: number;
}

export interface SubCategoryFacet {
  id: number;
  shortName: string;
  name: string;
  count: number;
}

export interface CategoryFacet extends SubCategoryFacet {
  subCategories: SubCategoryFacet[];
}

export interface SponsoredEntry {
  id: number;
  adId: string;
}

export interface SearchResults {
  location: { id: number; name: string; shortName: string };
  /** The query as understood (folded), or null for a listing without words. */
  query: string | null;
  /** The query with misspelt words replaced, when any were ("resturant" → "restaurant"). */
  didYouMean: string | null;
  /** Tiles in display order: the page's results with sponsored tiles in their slots (first page). */
  deals: DealTile[];
  sponsored: SponsoredEntry[];
  /** Category counts over all matches, before the category filter is applied. */
  facets: CategoryFacet[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  orderBy: SearchOrderBy;
  order: SortDirection;
}

interface PageRow {
  ids: number[];
  total: number;
  facets: { category_id: number; category_short_name: string; category_name: string; sub_category_id: number; sub_category_short_name: string; sub_category_name: string; count: number }[] | null;
}

/**
 * Full-text deal search for one market: relevance-ranked (an exact headline first, then local
 * deals near the chosen location, national and travel deals, deals elsewhere, each by text rank),
 * typo tolerant, faceted by category, filtered and sorted as asked, with sponsored deals mixed
 * into the first page. Only deals showing in search are returned: listed, and before the end of
 * their closing day unless flagged lastChance.
 */
export async function searchDeals(db: Db, clock: Clock, request: SearchRequest): Promise<SearchResults> {
  const text: QueryText | null = request.q === undefined ? null : parseQueryText(request.q);
  if (!text && !request.searchTag && !request.category && !request.subCategory) throw new SearchError("SEARCH_CRITERIA_MISSING");

  const [location, locations, matches] = await Promise.all([
    findLocation(db, request.countryCode, request.location),
    listLocations(db, request.countryCode),
    text ? spellTerms(db, text.terms) : Promise.resolve([]),
  ]);
  if (!location) throw new SearchError("LOCATION_NOT_FOUND");

  const now = clock.now();
  const tsQuery = text ? toTsQueryText(matches) : null;
  const page = Math.max(1, Math.floor(request.page ?? 1));
  const pageSize = Math.min(MAX_SEARCH_PAGE_SIZE, Math.max(1, Math.floor(request.pageSize ?? DEFAULT_SEARCH_PAGE_SIZE)));
  const orderBy = request.orderBy ?? (text ? "relevance" : "popularity");
  const order = request.order ?? defaultDirection(orderBy);

  const filters = filterConditions(request, now);
  const categoryFilter = categoryConditions(request);
  // A text search shows category counts over all its matches so the shopper can switch category
  // (the page keeps the rows "in_category"); a category listing without words is narrowed first.
  const matchConditions = text ? filters : [...filters, ...categoryFilter];

  let row: PageRow = { ids: [], total: 0, facets: [] };
  if (!text || tsQuery) {
    // The matches carry only what sorting and counting need; facet names are read afterwards from
    // one sample document per sub-category.
    const result = await queryRows<PageRow>(db, sql`
      with matches as materialized (
        select d.deal_id, d.category_id, d.sub_category_id, d.price, d.discount_percentage, d.total_bought, d.created_at,
          ${tsQuery ? sql`ts_rank(d.document, to_tsquery(${ENGLISH}, ${tsQuery}))` : sql`0::real`} as rank,
          ${text ? sql`d.headline_hash = hashtext(${foldSql(sql`${text.text}::text`)})` : sql`false`} as exact,
          case when d.deal_type <> 'local' then 1
            when d.location_id = any(${sql.param(nearLocationIds(location, locations))}::int[]) then 0 else 2 end as tier,
          ${all(categoryFilter)} as in_category
        from search_documents d
        where ${sql.join([...(tsQuery ? [sql`d.document @@ to_tsquery(${ENGLISH}, ${tsQuery})`] : []), ...matchConditions], sql` and `)}
      )
      select
        array(select deal_id from matches where in_category order by ${orderClause(orderBy, order)}
          limit ${pageSize} offset ${(page - 1) * pageSize}) as ids,
        (select count(*)::int from matches where in_category) as total,
        (select json_agg(f) from (
          select g.category_id, s.category_short_name, s.category_name, g.sub_category_id, s.sub_category_short_name,
            s.sub_category_name, g.count
          from (
            select category_id, sub_category_id, count(*)::int as count, min(deal_id) as sample
            from matches group by category_id, sub_category_id
          ) g
          -- lateral: one primary-key lookup per sub-category, never a scan of the whole index
          cross join lateral (select * from search_documents s where s.deal_id = g.sample limit 1) s
        ) f) as facets`);
    row = result[0];
  }

  const facets = buildFacets(row.facets ?? []);
  const sponsored =
    text && page === 1 ? await pickSponsored(db, { request, now, matches, facets, filters: [...filters, ...categoryFilter] }) : [];
  const pageIds = row.ids.filter((id) => !sponsored.some((s) => s.id === id));
  const tiles = await findDealTiles(db, [...sponsored.map((s) => s.id), ...pageIds]);
  const sponsoredTiles = tiles.slice(0, sponsored.length);
  const deals = tiles.slice(sponsored.length);
  sponsoredTiles.forEach((tile, i) => deals.splice(Math.min(SPONSORED_SLOTS[i], deals.length), 0, tile));

  return {
    location: { id: location.id, name: location.name, shortName: location.shortName },
    query: text?.text ?? null,
    didYouMean: didYouMean(matches),
    deals,
    sponsored,
    facets,
    total: Number(row.total),
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(Number(row.total) / pageSize)),
    orderBy,
    order,
  };
}

function defaultDirection(orderBy: SearchOrderBy): SortDirection {
  return orderBy === "pricelow" ? "asc" : "desc";
}

function all(conditions: readonly SQL[]): SQL {
  return conditions.length === 0 ? sql`true` : sql.join([...conditions], sql` and `);
}

/** Market, availability, price, VIP, tag and exclusions: everything but the words and the category. */
function filterConditions(request: SearchRequest, now: Date): SQL[] {
  const conditions = [
    sql`d.country_code = ${request.countryCode}`,
    sql`d.listed`,
    sql`d.visible_until > ${now.toISOString()}::timestamptz`,
    sql`d.price between ${request.minPrice ?? DEFAULT_MIN_PRICE} and ${request.maxPrice ?? DEFAULT_MAX_PRICE}`,
  ];
  if (request.vip) conditions.push(sql`d.vip`);
  if (request.searchTag) conditions.push(sql`d.tags @> array[${request.searchTag}::text]`);
  if (request.excludeCategories?.length)
    conditions.push(sql`d.category_short_name <> all(${sql.param([...request.excludeCategories])}::text[])`);
  if (request.excludeSubCategories?.length)
    conditions.push(sql`d.sub_category_short_name <> all(${sql.param([...request.excludeSubCategories])}::text[])`);
  if (request.excludeDealIds?.length) conditions.push(sql`d.deal_id <> all(${sql.param([...request.excludeDealIds])}::int[])`);
  return conditions;
}

function categoryConditions(request: SearchRequest): SQL[] {
  const conditions: SQL[] = [];
  if (request.category) conditions.push(sql`d.category_short_name = ${request.category}`);
  if (request.subCategory) conditions.push(sql`d.sub_category_short_name = ${request.subCategory}`);
  return conditions;
}

function orderClause(orderBy: SearchOrderBy, order: SortDirection): SQL {
  const direction = sql.raw(order === "asc" ? "asc" : "desc");
  switch (orderBy) {
    case "relevance":
      return sql`exact desc, tier, rank desc, total_bought desc, deal_id`;
    case "popularity":
      return sql`total_bought ${direction}, deal_id`;
    case "price":
    case "pricelow":
      return sql`price ${direction}, total_bought desc, deal_id`;
    case "discountPercentage":
      return sql`discount_percentage ${direction}, total_bought desc, deal_id`;
    case "recentlyAdded":
      return sql`created_at ${direction}, deal_id`;
  }
}

function buildFacets(rows: NonNullable<PageRow["facets"]>): CategoryFacet[] {
  const byCategory = new Map<number, CategoryFacet>();
  for (const row of rows) {
    let facet = byCategory.get(row.category_id);
    if (!facet) {
      facet = { id: row.category_id, shortName: row.category_short_name, name: row.category_name, count: 0, subCategories: [] };
      byCategory.set(row.category_id, facet);
    }
    facet.count += row.count;
    facet.subCategories.push({ id: row.sub_category_id, shortName: row.sub_category_short_name, name: row.sub_category_name, count: row.count });
  }
  const byCount = <T extends SubCategoryFacet>(a: T, b: T) => b.count - a.count || a.name.localeCompare(b.name);
  const facets = [...byCategory.values()].sort(byCount);
  for (const facet of facets) facet.subCategories.sort(byCount);
  return facets;
}

/**
 * Up to one sponsored deal per slot: the highest bids among campaigns targeting the search's
 * words (or their corrections) or its leading categories, whose deal passes the search's filters.
 * Independent of the sort order, so the slots stay when the shopper sorts.
 */
async function pickSponsored(
  db: Db,
  input: { request: SearchRequest; now: Date; matches: TermMatch[]; facets: CategoryFacet[]; filters: SQL[] },
): Promise<SponsoredEntry[]> {
  const keywords = [...new Set(input.matches.flatMap((m) => [m.term, ...m.corrections]))];
  const total = input.facets.reduce((sum, facet) => sum + facet.count, 0);
  const leading = (facet: SubCategoryFacet) => total > 0 && facet.count >= total * LEADING_CATEGORY_SHARE;
  const categoryIds = input.facets.flatMap((facet) => [
    ...(leading(facet) ? [facet.id] : []),
    ...facet.subCategories.filter(leading).map((sub) => sub.id),
  ]);
  const candidates = await findSponsoredCandidates(db, { keywords, categoryIds, now: input.now, limit: 10 });
  if (candidates.length === 0) return [];
  const eligible = await queryRows<{ deal_id: number }>(db, sql`
    select d.deal_id from search_documents d
    where d.deal_id = any(${sql.param(candidates.map((c) => c.dealId))}::int[]) and ${all(input.filters)}`);
  const allowed = new Set(eligible.map((r) => r.deal_id));
  const picked: SponsoredEntry[] = [];
  for (const candidate of candidates) {
    if (picked.length === SPONSORED_SLOTS.length) break;
    if (allowed.has(candidate.dealId) && !picked.some((p) => p.id === candidate.dealId)) {
      picked.push({ id: candidate.dealId, adId: candidate.adId });
    }
  }
  return picked;
}

function didYouMean(matches: readonly TermMatch[]): string | null {
  if (!matches.some((m) => m.kind === "corrected")) return null;
  return matches
    .filter((m) => m.kind !== "unknown")
    .map((m) => (m.kind === "corrected" ? m.corrections[0] : m.term))
    .join(" ");
}
