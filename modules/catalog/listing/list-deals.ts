/**
 * One page of a listing (location homepage, category, shop, travel, VIP, wellness, special,
 * near-me): featured deals, the paged grid, faceted navigation, breadcrumbs and SEO facts. Pages
 * and `/v1/product-listing-page-deal` both call this.
 */
import type { SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Brand } from "../../../lib/brand";
import { memo } from "../../../lib/memo";
import { type Category, type CategoryTree, loadCategoryTree } from "../categories";
import type { DealTile } from "../deal-tile";
import { CatalogError } from "../errors";
import { type Location, findLocation } from "../locations";
import { dealOffset } from "../rules/deal-offset";
import { DEFAULT_SORT, LISTING_PAGE_SIZE, type ListingQuery, hasListingFilters, listingSearch } from "../rules/listing-options";
import type { ListingTarget } from "../rules/listing-path";
import type { PageType } from "../rules/page-type";
import type { CategoryKind, DealType } from "../schema";
import { findSpecialTag } from "../special-tags";
import { type DealScope, countByCategory, countDeals, queryDealTiles, scopeCondition } from "./deal-query";
import { resolveQueryFilters } from "./query-filters";

export interface FacetItem {
  linkText: string;
  shortName: string;
  count: number;
  url: string;
  isActive: boolean;
}

/** Spec discovery §3 "Faceted navigation". */
export interface FacetedNavigation {
  navigations: FacetItem[];
  count: number;
  category: string | null;
  parentNavUrl: string | null;
  defaultItem: { linkText: string; url: string; isActive: boolean };
  metaTitle: string;
}

export interface Breadcrumb {
  label: string;
  href: string;
}

export interface ListingPage {
  pageType: PageType;
  kind: ListingTarget["kind"];
  heading: string;
  metaTitle: string;
  description: string;
  robots: string;
  /** The location the page is about, or the visitor's location for market-wide pages. */
  location: Pick<Location, "id" | "name" | "shortName">;
  /** Decides the price filter bands. */
  dealType: DealType;
  breadcrumbs: Breadcrumb[];
  facetedNavigation: FacetedNavigation;
  mainDeal: DealTile | null;
  sideDeals: DealTile[];
  deals: DealTile[];
  query: ListingQuery;
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  /** Path of page 1 without any query: pagination and filters build on it. */
  basePath: string;
  canonicalUrl: string;
  evergreenUrl: string | null;
  /** Set when the path should permanently move elsewhere (travel naming, national-deal). */
  redirectUrl: string | null;
}

export interface ListingRequest {
  brand: Brand;
  now: Date;
  pageType: PageType;
  target: Exclude<ListingTarget, { kind: "deal" }>;
  query: ListingQuery;
  /** The visitor's chosen location (cookie) or the brand default: used where the path has none. */
  visitorLocation: string;
  /**
   * Pages answer 404 beyond the last page; the load-more API answers an empty page instead, which
   * is how the client knows to stop.
   */
  outOfRange: "not-found" | "empty";
  /** Count and list now, past the minute-long memos (the live listing API). */
  fresh?: boolean;
  /** Deals per page: 9 on pages (spec §9); the API may ask for up to MAX_LISTING_PAGE_SIZE. */
  pageSize?: number;
}

const INDEX = "INDEX, FOLLOW";
const COLLECTION_TTL_MS = 60_000;
const NOINDEX = "NOINDEX, FOLLOW";
/** The one gshop page that is indexed on the Irish site (docs/decisions/catalog-listing-urls.md). */
export const INDEXED_IRISH_GSHOP_SLUG = "gifts";

interface Plan {
  heading: string;
  metaTitle: string;
  description: string;
  location: Location;
  dealType: DealType;
  scope: DealScope;
  /** Facets: the children of `facetParent` (top level when null) of these kinds; none when empty. */
  facetParent: Category | null;
  facetKinds: readonly CategoryKind[];
  facetScope: DealScope;
  basePath: string;
  /** Prefix of facet and breadcrumb links, e.g. /deals/london or /deals/shop. */
  linkRoot: string;
  rootLabel: string;
  chain: Category[];
  travel: boolean;
  canonicalPath: string;
  robots: string;
}

export async function listDeals(db: Db, request: ListingRequest): Promise<ListingPage> {
  const redirect = redirectFor(request);
  if (redirect) return redirectOnly(request, redirect);

  const tree = await loadCategoryTree(db);
  const plan = await withQueryFilters(db, tree, await planListing(db, tree, request), request.query);
  const { query } = request;
  const size = request.pageSize ?? LISTING_PAGE_SIZE;
  const prices = { minPrice: query.minPrice, maxPrice: query.maxPrice };
  const where = scopeCondition(plan.scope, request.now, prices);
  // Featured deals only head the plain listing; a sorted or filtered list is just the grid.
  const plain = query.sort === DEFAULT_SORT && !hasListingFilters(query);

  const facets = plan.facetKinds.length > 0;
  const withFeatured = plain && !plan.travel;
  // Collections (special, VIP, wellness) mix the location's and the market's deals, which no one
  // index orders: their pages are kept for a minute rather than sorted on every request (the live
  // API asks for them fresh).
  const collection = plan.scope.withNonLocal === true && !request.fresh;
  const rowsKey = `listing-rows:${JSON.stringify(plan.scope)}:${JSON.stringify(query)}:${size}:${withFeatured}:${Math.floor(request.now.getTime() / COLLECTION_TTL_MS)}`;
  const [rows, facetCounts, counted] = await Promise.all([
    collection ? memo(db, rowsKey, COLLECTION_TTL_MS, () => pageRows(db, where, query, withFeatured, size)) : pageRows(db, where, query, withFeatured, size),
    facets
      ? countByCategory(db, plan.facetScope, request.now, prices, plan.facetParent ? "subCategory" : "category", request.fresh)
      : Promise.resolve(new Map<number, number>()),
    facets ? Promise.resolve(null) : countDeals(db, plan.scope, request.now, prices, request.fresh),
  ]);
  // With facets, the total is already known: the facet scope is the page's scope minus its sub-category.
  const subCategory = plan.chain[1];
  const total = counted ?? (subCategory ? (facetCounts.get(subCategory.id) ?? 0) : [...facetCounts.values()].reduce((sum, n) => sum + n, 0));
  const { offset, featured, grid } = rows;
  const pageCount = Math.max(1, Math.ceil(Math.max(0, total - offset) / size));
  if (query.page > pageCount && request.outOfRange === "not-found") throw new CatalogError("PAGE_NOT_FOUND");

  const facetedNavigation = buildFacets(tree, plan, facetCounts, total);
  const pageSuffix = query.page > 1 ? ` | Page ${query.page}` : "";
  return {
    pageType: request.pageType,
    kind: request.target.kind,
    heading: plan.heading,
    metaTitle: `${plan.metaTitle}${pageSuffix}`,
    description: plan.description,
    robots: plain ? plan.robots : NOINDEX,
    location: pick(plan.location),
    dealType: plan.dealType,
    breadcrumbs: breadcrumbs(plan),
    facetedNavigation,
    mainDeal: featured[0] ?? null,
    sideDeals: featured.slice(1),
    deals: grid,
    query,
    page: query.page,
    pageCount,
    total,
    pageSize: size,
    basePath: plan.basePath,
    // Sorted and filtered variants point search engines at the plain listing; pages at themselves.
    canonicalUrl: `${plan.canonicalPath}${plain ? listingSearch({ page: query.page }) : ""}`,
    evergreenUrl: null,
    redirectUrl: null,
  };
}

interface PageRows {
  offset: number;
  featured: DealTile[];
  grid: DealTile[];
}

/**
 * The featured deals and grid of one page. With featured deals the grid starts after the main
 * and side deals, and one later when the main deal is sold out: page 1 reads them in one go,
 * later pages read the main deal alongside one spare row.
 */
async function pageRows(db: Db, where: SQL, query: ListingQuery, withFeatured: boolean, size: number): Promise<PageRows> {
  const sort = query.sort;
  if (!withFeatured) {
    const grid = await queryDealTiles(db, where, { sort, offset: (query.page - 1) * size, limit: size });
    return { offset: 0, featured: [], grid };
  }
  const base = dealOffset({ onDealPage: false, travel: false, mainDealSoldOut: false });
  if (query.page === 1) {
    const rows = await queryDealTiles(db, where, { sort, offset: 0, limit: base + 1 + size });
    const offset = dealOffset({ onDealPage: false, travel: false, mainDealSoldOut: rows[0]?.soldOut ?? false });
    return { offset, featured: rows.slice(0, offset), grid: rows.slice(offset, offset + size) };
  }
  const [head, rows] = await Promise.all([
    queryDealTiles(db, where, { sort, offset: 0, limit: 1 }),
    queryDealTiles(db, where, { sort, offset: base + (query.page - 1) * size, limit: size + 1 }),
  ]);
  const offset = dealOffset({ onDealPage: false, travel: false, mainDealSoldOut: head[0]?.soldOut ?? false });
  const skip = offset - base;
  return { offset, featured: [], grid: rows.slice(skip, skip + size) };
}

function pick(location: Location): ListingPage["location"] {
  return { id: location.id, name: location.name, shortName: location.shortName };
}

/** Paths that name the right page in the wrong words move permanently. */
function redirectFor(request: ListingRequest): string | null {
  const { target, brand } = request;
  const rest = "categories" in target && target.categories.length ? `/${target.categories.join("/")}` : "";
  if (target.kind === "travel" && target.segment !== brand.travelName) return `/deals/${brand.travelName}${rest}`;
  return null;
}

function redirectOnly(request: ListingRequest, redirectUrl: string): ListingPage {
  return {
    pageType: request.pageType,
    kind: request.target.kind,
    heading: "",
    metaTitle: "",
    description: "",
    robots: NOINDEX,
    location: { id: 0, name: "", shortName: request.visitorLocation },
    dealType: "local",
    breadcrumbs: [],
    facetedNavigation: { navigations: [], count: 0, category: null, parentNavUrl: null, defaultItem: { linkText: "", url: redirectUrl, isActive: false }, metaTitle: "" },
    mainDeal: null,
    sideDeals: [],
    deals: [],
    query: request.query,
    page: request.query.page,
    pageCount: 0,
    total: 0,
    pageSize: LISTING_PAGE_SIZE,
    basePath: redirectUrl,
    canonicalUrl: redirectUrl,
    evergreenUrl: null,
    redirectUrl,
  };
}

async function requireLocation(db: Db, brand: Brand, shortName: string): Promise<Location> {
  const location = await findLocation(db, brand.countryCode, shortName);
  if (!location) throw new CatalogError("LOCATION_NOT_FOUND");
  return location;
}

function requireChain(tree: CategoryTree, slugs: readonly string[], kinds?: readonly CategoryKind[]): Category[] {
  // The catalogue has two category levels; a third slug never matches.
  const chain = tree.resolve(slugs, kinds);
  if (!chain) throw new CatalogError("PAGE_NOT_FOUND");
  return chain;
}

function categoryScope(chain: readonly Category[]): Pick<DealScope, "categoryId" | "subCategoryId"> {
  return { categoryId: chain[0]?.id, subCategoryId: chain[1]?.id };
}

const SAVE_LOCAL = "Save up to 80%";
const SAVE_TRAVEL = "Save up to 50%";

async function planListing(db: Db, tree: CategoryTree, request: ListingRequest): Promise<Plan> {
  const { brand, target } = request;
  const site = brand.displayName;
  // The `location` key stands in for the visitor's location where the path names none.
  const visitorSlug = request.query.location ?? request.visitorLocation;
  const visitor = () => requireLocation(db, brand, visitorSlug);
  const chainPath = (chain: readonly Category[]) => chain.map((c) => `/${c.shortName}`).join("");
  // Facets list the children of the top category (siblings on a sub-category page), counted
  // within the page's scope minus its own sub-category.
  const facetsFor = (chain: readonly Category[], scope: DealScope) => ({
    facetParent: chain[0] ?? null,
    facetScope: { ...scope, subCategoryId: undefined },
  });

  switch (target.kind) {
    case "location":
    case "nearMe": {
      const nearMe = target.kind === "nearMe";
      const location = await requireLocation(db, brand, nearMe ? visitorSlug : target.location);
      const chain = requireChain(tree, target.categories, ["local"]);
      const scope: DealScope = { countryCode: brand.countryCode, locationId: location.id, dealTypes: ["local"], ...categoryScope(chain) };
      const leaf = chain.at(-1);
      const linkRoot = `/deals/${location.shortName}`;
      const heading = nearMe ? "Deals Near You" : leaf ? `${leaf.name} Deals in ${location.name}` : `Deals in ${location.name}`;
      const basePath = nearMe ? `/near-me${chain.length ? chainPath(chain) : "/hub"}` : `${linkRoot}${chainPath(chain)}`;
      return {
        heading,
        metaTitle: nearMe ? "Deals Near You" : leaf ? `${leaf.name} Deals in ${location.name} | ${SAVE_LOCAL} | ${site}` : `${location.name} Deals | ${SAVE_LOCAL} | ${site}`,
        description: nearMe
          ? SAVE_LOCAL
          : leaf
            ? `${leaf.name} deals in ${location.name}: ${SAVE_LOCAL.toLowerCase()} with ${site}.`
            : `The best deals in ${location.name}: restaurants, spas, activities and more, up to 80% off.`,
        location,
        dealType: "local",
        scope,
        ...facetsFor(chain, scope),
        facetKinds: ["local"],
        basePath,
        linkRoot: nearMe ? "/near-me" : linkRoot,
        rootLabel: nearMe ? "Near Me" : location.name,
        chain,
        travel: false,
        canonicalPath: basePath,
        robots: INDEX,
      };
    }
    case "shop":
    case "gshop": {
      const location = target.kind === "gshop" ? await requireLocation(db, brand, target.location) : await visitor();
      const chain = requireChain(tree, target.categories, ["national"]);
      const scope: DealScope = { countryCode: brand.countryCode, dealTypes: ["national"], ...categoryScope(chain) };
      const leaf = chain.at(-1);
      const shopPath = `/deals/shop${chainPath(chain)}`;
      const gshop = target.kind === "gshop";
      const lastSlug = target.categories.at(-1);
      const baseTitle = `${leaf ? `${leaf.name} ` : ""}Shop Deals | ${SAVE_LOCAL} | ${site}`;
      return {
        heading: leaf ? `${leaf.name} Deals` : "Shop Deals",
        // Spec: a gshop page's title is the page title plus the last slug element.
        metaTitle: gshop && lastSlug ? `${baseTitle} | ${lastSlug}` : baseTitle,
        description: `Shop ${leaf ? leaf.name.toLowerCase() : "electricals, fashion, home and gifts"} with up to 80% off and fast delivery.`,
        location,
        dealType: "national",
        scope,
        ...facetsFor(chain, scope),
        facetKinds: ["national"],
        basePath: gshop ? `/deals/${location.shortName}/gshop${chainPath(chain)}` : shopPath,
        linkRoot: "/deals/shop",
        rootLabel: "Shop",
        chain,
        travel: false,
        canonicalPath: shopPath,
        robots: !gshop || (brand.countryCode === "IE" && lastSlug === INDEXED_IRISH_GSHOP_SLUG) ? INDEX : "NOINDEX, FOLLOW",
      };
    }
    case "travel": {
      const location = await visitor();
      const chain = requireChain(tree, target.categories, ["travel"]);
      const scope: DealScope = { countryCode: brand.countryCode, dealTypes: ["travel"], ...categoryScope(chain) };
      const leaf = chain.at(-1);
      const name = brand.travelName === "escapes" ? "Escapes" : "Travel Deals";
      const root = `/deals/${brand.travelName}`;
      return {
        heading: leaf ? leaf.name : name,
        metaTitle: `${leaf ? `${leaf.name} | ` : ""}${name} | ${SAVE_TRAVEL} | ${site}`,
        description: `Hotel breaks, holidays and cruises: ${SAVE_TRAVEL.toLowerCase()} with ${site}.`,
        location,
        dealType: "travel",
        scope,
        ...facetsFor(chain, scope),
        facetKinds: ["travel"],
        basePath: `${root}${chainPath(chain)}`,
        linkRoot: root,
        rootLabel: brand.travelName === "escapes" ? "Escapes" : "Travel",
        chain,
        travel: true,
        canonicalPath: `${root}${chainPath(chain)}`,
        robots: INDEX,
      };
    }
    case "vip": {
      const location = await visitor();
      const chain = requireChain(tree, target.categories);
      const scope: DealScope = { countryCode: brand.countryCode, locationId: location.id, withNonLocal: true, vipOnly: true, ...categoryScope(chain) };
      return {
        heading: "VIP Deals",
        metaTitle: `VIP Deals | Extra savings for members | ${site}`,
        description: `Exclusive VIP prices for ${site} VIP members: an extra discount on top of our deals.`,
        location,
        dealType: "local",
        scope,
        ...facetsFor(chain, scope),
        facetKinds: ["local", "national", "travel"],
        basePath: `/deals/vip${chainPath(chain)}`,
        linkRoot: "/deals/vip",
        rootLabel: "VIP Hub",
        chain,
        travel: false,
        canonicalPath: `/deals/vip${chainPath(chain)}`,
        robots: INDEX,
      };
    }
    case "wellness": {
      const location = await visitor();
      return collectionPlan({
        heading: "Wellness Collection",
        metaTitle: `Wellness Collection | ${SAVE_LOCAL} | ${site}`,
        description: "Feel-good deals for body and mind: spa, fitness, yoga, health checks and more.",
        location,
        scope: { countryCode: brand.countryCode, locationId: location.id, withNonLocal: true, tag: "wellness" },
        path: "/deals/wellness-collection",
        linkRoot: "/deals/wellness-collection",
        rootLabel: "Wellness",
      });
    }
    case "special": {
      const [location, tag] = await Promise.all([requireLocation(db, brand, target.location), findSpecialTag(db, target.slug)]);
      if (!tag) throw new CatalogError("PAGE_NOT_FOUND");
      return collectionPlan({
        heading: `${tag.name} in ${location.name}`,
        metaTitle: `${tag.name} in ${location.name} | ${SAVE_LOCAL} | ${site}`,
        description: tag.description,
        location,
        scope: { countryCode: brand.countryCode, locationId: location.id, withNonLocal: true, tag: tag.slug },
        path: `/deals/${location.shortName}/special/${tag.slug}`,
        linkRoot: `/deals/${location.shortName}`,
        rootLabel: location.name,
      });
    }
  }
}

/** Applies the filter keys to the page's scope and its facet scope (see query-filters.ts). */
async function withQueryFilters(db: Db, tree: CategoryTree, plan: Plan, query: ListingQuery): Promise<Plan> {
  if (!hasListingFilters(query)) return plan;
  const filters = await resolveQueryFilters(db, tree, query, { kinds: plan.facetKinds.length ? plan.facetKinds : undefined, chain: plan.chain });
  return { ...plan, heading: headingFor(plan, query), scope: filters.apply(plan.scope), facetScope: filters.apply(plan.facetScope) };
}

/** With `all`, "Spa Deals in London" lists the whole market's spa deals: say so. */
function headingFor(plan: Plan, query: ListingQuery): string {
  const suffix = ` in ${plan.location.name}`;
  if (!query.all || !plan.heading.endsWith(suffix)) return plan.heading;
  return `${plan.heading.slice(0, -suffix.length)} in ${plan.scope.countryCode === "IE" ? "Ireland" : "the UK"}`;
}

/** A curated collection (special tag, wellness): local and market deals together, no category facets. */
function collectionPlan(input: {
  heading: string;
  metaTitle: string;
  description: string;
  location: Location;
  scope: DealScope;
  path: string;
  linkRoot: string;
  rootLabel: string;
}): Plan {
  return {
    heading: input.heading,
    metaTitle: input.metaTitle,
    description: input.description,
    location: input.location,
    dealType: "local",
    scope: input.scope,
    facetParent: null,
    facetScope: input.scope,
    facetKinds: [],
    basePath: input.path,
    linkRoot: input.linkRoot,
    rootLabel: input.rootLabel,
    chain: [],
    travel: false,
    canonicalPath: input.path,
    robots: INDEX,
  };
}

function buildFacets(tree: CategoryTree, plan: Plan, counts: ReadonlyMap<number, number>, total: number): FacetedNavigation {
  // Collections (wellness, special) have no category facets: a category link would leave them.
  const options = plan.facetKinds.length ? tree.children(plan.facetParent?.id ?? null, plan.facetKinds) : [];
  const parentPath = plan.facetParent ? `${plan.linkRoot}/${plan.facetParent.shortName}` : plan.linkRoot;
  const navigations = options
    .map((category) => ({
      linkText: category.name,
      shortName: category.shortName,
      count: counts.get(category.id) ?? 0,
      url: `${parentPath}/${category.shortName}`,
      isActive: plan.chain.some((c) => c.id === category.id),
    }))
    .filter((item) => item.count > 0);
  const defaultLabel = plan.facetParent ? `All ${plan.facetParent.name}` : "All deals";
  return {
    navigations,
    count: total,
    category: plan.chain.at(-1)?.shortName ?? null,
    parentNavUrl: plan.chain.length === 0 ? null : plan.chain.length === 1 ? plan.linkRoot : parentPath,
    defaultItem: { linkText: defaultLabel, url: parentPath, isActive: plan.chain.length <= 1 },
    metaTitle: plan.metaTitle,
  };
}

function breadcrumbs(plan: Plan): Breadcrumb[] {
  const crumbs: Breadcrumb[] = [{ label: "Home", href: `/deals/${plan.location.shortName}` }];
  if (plan.linkRoot !== `/deals/${plan.location.shortName}`) crumbs.push({ label: plan.rootLabel, href: plan.linkRoot });
  let path = plan.linkRoot;
  for (const category of plan.chain) {
    path = `${path}/${category.shortName}`;
    crumbs.push({ label: category.name, href: path });
  }
  if (plan.chain.length === 0 && plan.basePath !== plan.linkRoot && crumbs.at(-1)?.href !== plan.basePath) {
    crumbs.push({ label: plan.heading, href: plan.basePath });
  }
  return crumbs;
}
