import { type SQL, and, asc, count, desc, eq, gt, gte, ilike, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type DealStatus, type DealType, categories, deals, locations, merchants } from "./schema";

/** The back office's deals table: what staff filter, sort and page by (docs/decisions/admin-deals-table.md). */
export interface AdminDealsQuery {
  /** A deal id, or words of a headline or a merchant's name. */
  q?: string;
  status?: DealStatus;
  dealType?: DealType;
  locationId?: number;
  /** A top-level category or a sub-category. */
  categoryId?: number;
  merchantId?: number;
  /** Deals closing on or after / before these times. */
  closingFrom?: Date;
  closingBefore?: Date;
  sort?: AdminDealsSort;
  direction?: "asc" | "desc";
  /** 1-based. */
  page?: number;
  pageSize?: AdminDealsPageSize;
}

export const ADMIN_DEALS_SORTS = ["updated", "created", "closing", "headline", "price", "sold"] as const;
export type AdminDealsSort = (typeof ADMIN_DEALS_SORTS)[number];
export const ADMIN_DEALS_PAGE_SIZES = [25, 50, 100] as const;
export type AdminDealsPageSize = (typeof ADMIN_DEALS_PAGE_SIZES)[number];

export interface AdminDealRow {
  id: number;
  headline: string;
  status: DealStatus;
  dealType: DealType;
  location: string | null;
  category: string;
  merchant: string;
  price: number;
  currency: "GBP" | "EUR";
  totalBought: number;
  closingDate: Date;
  updatedAt: Date;
}

export interface AdminDealsPage {
  rows: AdminDealRow[];
  /** How many deals match; for a search by words, at most SEARCH_COUNT_CAP (then `totalIsAtLeast`). */
  total: number;
  totalIsAtLeast: boolean;
  page: number;
  pageSize: AdminDealsPageSize;
}

const SORT_COLUMNS = {
  updated: deals.updatedAt,
  created: deals.createdAt,
  closing: deals.closingDate,
  headline: deals.headline,
  price: deals.price,
  sold: deals.totalBought,
} as const;

/** `%` and `_` typed by staff are literal characters, not wildcards. */
const likePattern = (words: string) => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Merchants whose names match are looked up first, at most this many (a word common to more is too vague to narrow by merchant). */
const MERCHANTS_PER_SEARCH = 500;

/**
 * The conditions a query's filters make (shared by the page and the CSV export). A number is a deal
 * id; words match a headline or a merchant's name, each through its own trigram index.
 */
export async function adminDealsWhere(db: Db, query: AdminDealsQuery): Promise<SQL | undefined> {
  const conditions: SQL[] = [];
  const q = query.q?.trim();
  if (q && isDealId(q)) conditions.push(eq(deals.id, Number(q)));
  else if (q) {
    const pattern = likePattern(q);
    const named = await db
      .select({ id: merchants.id })
      .from(merchants)
      .where(or(ilike(merchants.displayName, pattern), ilike(merchants.businessName, pattern)))
      .limit(MERCHANTS_PER_SEARCH);
    const byHeadline = ilike(deals.headline, pattern);
    conditions.push(named.length > 0 ? or(byHeadline, inArray(deals.merchantId, named.map((merchant) => merchant.id)))! : byHeadline);
  }
  if (query.status) conditions.push(eq(deals.status, query.status));
  if (query.dealType) conditions.push(eq(deals.dealType, query.dealType));
  if (query.locationId) conditions.push(eq(deals.locationId, query.locationId));
  if (query.categoryId) {
    // A top-level category is a deal's category, any other its sub-category: one indexed column each.
    const [category] = await db.select({ parentId: categories.parentId }).from(categories).where(eq(categories.id, query.categoryId));
    conditions.push(category?.parentId ? eq(deals.subCategoryId, query.categoryId) : eq(deals.categoryId, query.categoryId));
  }
  if (query.merchantId) conditions.push(eq(deals.merchantId, query.merchantId));
  if (query.closingFrom) conditions.push(gte(deals.closingDate, query.closingFrom));
  if (query.closingBefore) conditions.push(lt(deals.closingDate, query.closingBefore));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The columns a row shows, with the names of its location, category and merchant. */
function selectRows(db: Db) {
  return db
    .select({
      id: deals.id,
      headline: deals.headline,
      status: deals.status,
      dealType: deals.dealType,
      location: locations.name,
      category: categories.name,
      merchant: merchants.displayName,
      price: deals.price,
      currency: deals.currency,
      totalBought: deals.totalBought,
      closingDate: deals.closingDate,
      updatedAt: deals.updatedAt,
    })
    .from(deals)
    .leftJoin(locations, eq(locations.id, deals.locationId))
    .innerJoin(categories, eq(categories.id, deals.subCategoryId))
    .innerJoin(merchants, eq(merchants.id, deals.merchantId));
}

/** One page of the deals table and how many deals match, newest change first unless asked otherwise. */
export async function listAdminDeals(db: Db, query: AdminDealsQuery): Promise<AdminDealsPage> {
  const pageSize = query.pageSize ?? 50;
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const where = await adminDealsWhere(db, query);
  const column = SORT_COLUMNS[query.sort ?? "updated"];
  const order = (query.direction ?? (query.sort === "headline" ? "asc" : "desc")) === "asc" ? asc : desc;
  const searchByWords = Boolean(query.q?.trim()) && !isDealId(query.q ?? "");
  const [rows, counted] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(order(column), order(deals.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    searchByWords ? countSearchMatches(db, where) : db.select({ total: count() }).from(deals).where(where).then(([row]) => row.total),
  ]);
  const totalIsAtLeast = searchByWords && counted > SEARCH_COUNT_CAP;
  return { rows, total: totalIsAtLeast ? SEARCH_COUNT_CAP : counted, totalIsAtLeast, page, pageSize };
}

/** A search by words counts its matches up to this many ("1,000+"): an exact count of a common word would recheck every matching row. */
export const SEARCH_COUNT_CAP = 1_000;

const isDealId = (q: string) => /^\d{1,9}$/.test(q.trim());

/**
 * Counts a search's matches, stopping past the cap. Only the trigram index can find the matches
 * of a word without reading every headline, but where a btree covers the column the planner
 * prefers filtering it row by row (200 ms over 100,000 deals); for this one count it is told to
 * use bitmap scans, which on a rare word read a handful of rows.
 */
async function countSearchMatches(db: Db, where: SQL | undefined): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local enable_indexonlyscan = off`);
    const capped = tx.select({ one: sql`1` }).from(deals).where(where).limit(SEARCH_COUNT_CAP + 1).as("capped");
    const [{ total }] = await tx.select({ total: count() }).from(capped);
    return total;
  });
}

/** Rows read per query while exporting: the export walks the table by id, never holding it all. */
const EXPORT_BATCH = 2_000;

/** Every deal the filters match, by id, in batches (for the CSV export). */
export async function* eachAdminDeal(db: Db, query: AdminDealsQuery): AsyncGenerator<AdminDealRow> {
  const where = await adminDealsWhere(db, query);
  let after = 0;
  for (;;) {
    const batch = await selectRows(db)
      .where(and(where, gt(deals.id, after)))
      .orderBy(asc(deals.id))
      .limit(EXPORT_BATCH);
    yield* batch;
    if (batch.length < EXPORT_BATCH) return;
    after = batch[batch.length - 1].id;
  }
}

export interface AdminDeal extends AdminDealRow {
  countryCode: "GB" | "IE";
  urlPath: string;
  goLiveAt: Date | null;
  title: string;
  description: string;
  finePrint: string;
  merchantId: number;
}

/** One deal as the back office shows it, or null. */
export async function findAdminDeal(db: Db, dealId: number): Promise<AdminDeal | null> {
  const [row] = await selectRows(db).where(eq(deals.id, dealId));
  if (!row) return null;
  const [extra] = await db
    .select({ countryCode: deals.countryCode, urlPath: deals.urlPath, goLiveAt: deals.goLiveAt, title: deals.title, description: deals.description, finePrint: deals.finePrint, merchantId: deals.merchantId })
    .from(deals)
    .where(eq(deals.id, dealId));
  return { ...row, ...extra };
}

/** A deal's words as staff edit them: what tiles, the deal page and search show. */
export interface DealCopy {
  headline: string;
  title: string;
  description: string;
  finePrint: string;
}

/** Changes a deal's copy under a row lock; answers the copy before (null when there is no such deal). */
export async function updateDealCopy(tx: Db, dealId: number, copy: DealCopy, at: Date): Promise<DealCopy | null> {
  const [before] = await tx
    .select({ headline: deals.headline, title: deals.title, description: deals.description, finePrint: deals.finePrint })
    .from(deals)
    .where(eq(deals.id, dealId))
    .for("update");
  if (!before) return null;
  await tx
    .update(deals)
    .set({ ...copy, updatedAt: at })
    .where(eq(deals.id, dealId));
  return before;
}

/** The currency each of these deals sells in (deals not found are left out). */
export async function currenciesOfDeals(db: Db, dealIds: readonly number[]): Promise<Map<number, "GBP" | "EUR">> {
  if (dealIds.length === 0) return new Map();
  const rows = await db.select({ id: deals.id, currency: deals.currency }).from(deals).where(inArray(deals.id, [...new Set(dealIds)]));
  return new Map(rows.map((row) => [row.id, row.currency]));
}
