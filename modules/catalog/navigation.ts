/**
 * The header's main navigation (spec discovery §2 "Header and navigation", §3 "Navigation item"),
 * read from navigation_items and made location-aware: `{location}` in a url becomes the visitor's
 * location and the local item is named after it.
 */
import { and, asc, count, eq, ne, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CountryCode } from "../../lib/brand";
import { DomainError } from "../../lib/errors";
import { memo } from "../../lib/memo";
import { listableCondition } from "./listing/deal-query";
import { activeNavigationId } from "./rules/active-navigation";
import { type NavigationKind, deals, navigationItems } from "./schema";

export interface NavigationItem {
  id: number;
  kind: NavigationKind;
  shortName: string;
  linkText: string;
  url: string;
  imageUrl: string | null;
  isLocal: boolean;
  isLocalLink: boolean;
  isDefault: boolean;
  /** The item of the page named by the request's `path` (longest match; false without a path). */
  isActive: boolean;
  categoryName: string | null;
  /** Listable deals behind the item; null when counts were not asked for. */
  count: number | null;
  subNavigations: NavigationItem[];
}

/** Every page shows the menu; an edit shows within this time. */
const NAVIGATION_TTL_MS = 30_000;

/** The spec's menu request: items 1-30. */
export const DEFAULT_NAVIGATION_RANGE = { from: 1, to: 30 } as const;

/** A menu range that is not "from-to": the caller's mistake, answered like any invalid input. */
export class NavigationRangeError extends DomainError {
  constructor(message: string) {
    super("VALIDATION_ERROR", 400, message);
  }
}

/** Reads "1-30" (1-based, inclusive). */
export function parseNavigationRange(value: string | undefined): { from: number; to: number } {
  if (value === undefined || value === "") return DEFAULT_NAVIGATION_RANGE;
  const match = /^(\d{1,3})-(\d{1,3})$/.exec(value);
  const [from, to] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  if (!match || from < 1 || to < from) throw new NavigationRangeError("range must look like 1-30 (first item 1, last item not before the first)");
  return { from, to };
}

export interface NavigationRequest {
  countryCode: CountryCode;
  location: { id: number; name: string; shortName: string };
  range?: { from: number; to: number };
  /** Counting deals costs a grouped query: the API asks for it, the page header does not. */
  withCounts?: { now: Date };
  /** The page the menu is shown on: marks its item (and sub-item) active. */
  path?: string;
}

type Row = typeof navigationItems.$inferSelect;

export async function listNavigation(db: Db, request: NavigationRequest): Promise<NavigationItem[]> {
  const range = request.range ?? DEFAULT_NAVIGATION_RANGE;
  const [rows, counts] = await Promise.all([
    memo(db, `navigation:${request.countryCode}`, NAVIGATION_TTL_MS, () =>
      db
        .select()
        .from(navigationItems)
        // Items staff hid are left out, and with them the sub-items under them.
        .where(and(eq(navigationItems.countryCode, request.countryCode), eq(navigationItems.hidden, false)))
        .orderBy(asc(navigationItems.sortOrder), asc(navigationItems.id)),
    ),
    request.withCounts ? countDealsByCategory(db, request, request.withCounts.now) : Promise.resolve(null),
  ]);
  const children = new Map<number | null, Row[]>();
  for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);

  const build = (row: Row): NavigationItem => {
    const subNavigations = (children.get(row.id) ?? []).map(build);
    const local = row.url.includes("{location}");
    let itemCount: number | null = null;
    if (counts) {
      if (row.categoryId !== null) itemCount = (local ? counts.local : counts.market).get(row.categoryId) ?? 0;
      else if (row.kind === "local") itemCount = counts.localTotal;
      else itemCount = subNavigations.length ? subNavigations.reduce((sum, item) => sum + (item.count ?? 0), 0) : null;
    }
    return {
      id: row.id,
      kind: row.kind,
      shortName: row.shortName,
      linkText: row.kind === "local" ? request.location.name : row.linkText,
      url: row.url.replace("{location}", request.location.shortName),
      imageUrl: row.imageUrl,
      isLocal: row.kind === "local",
      isLocalLink: local,
      isDefault: row.isDefault,
      isActive: false,
      categoryName: row.categoryId === null ? null : row.linkText,
      count: itemCount,
      subNavigations,
    };
  };
  const items = (children.get(null) ?? []).slice(range.from - 1, range.to).map(build);
  if (request.path !== undefined) markActive(items, request.path);
  return items;
}

/** Marks the path's item on each level, going down only into the active item. */
function markActive(items: NavigationItem[], path: string): void {
  const active = items.find((item) => item.id === activeNavigationId(items, path));
  if (!active) return;
  active.isActive = true;
  markActive(active.subNavigations, path);
}

interface CategoryCounts {
  /** Local deals of the visitor's location by category and sub-category id. */
  local: Map<number, number>;
  localTotal: number;
  /** National and travel deals of the market by category and sub-category id. */
  market: Map<number, number>;
}

async function countDealsByCategory(db: Db, request: NavigationRequest, now: Date): Promise<CategoryCounts> {
  const rows = await db
    .select({ dealType: deals.dealType, categoryId: deals.categoryId, subCategoryId: deals.subCategoryId, total: count() })
    .from(deals)
    .where(and(listableCondition(request.countryCode, now), or(eq(deals.locationId, request.location.id), ne(deals.dealType, "local"))))
    .groupBy(deals.dealType, deals.categoryId, deals.subCategoryId);
  const result: CategoryCounts = { local: new Map(), localTotal: 0, market: new Map() };
  for (const row of rows) {
    const target = row.dealType === "local" ? result.local : result.market;
    if (row.dealType === "local") result.localTotal += row.total;
    target.set(row.categoryId, (target.get(row.categoryId) ?? 0) + row.total);
    target.set(row.subCategoryId, (target.get(row.subCategoryId) ?? 0) + row.total);
  }
  return result;
}
