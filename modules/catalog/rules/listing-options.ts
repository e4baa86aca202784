/**
 * Listing options (spec discovery §2 and §9): page size, sort options and price filter bands,
 * and reading them from the listing query keys (page, orderBy, order, minPrice, maxPrice,
 * location, category, subcategory, categories, searchTag, vip, all). What the filter keys mean is
 * in docs/decisions/catalog-listing-query-keys.md.
 */
import { DomainError } from "../../../lib/errors";
import { type Currency, formatMoney } from "../../../lib/money";
import type { DealType } from "../schema";

export const LISTING_PAGE_SIZE = 9;
/** The most deals one API call may ask for (the spec's largest listing number). */
export const MAX_LISTING_PAGE_SIZE = 100;
/** recentViewedDeal may be repeated up to five times (spec §7; the recently viewed limit). */
export const MAX_RECENT_VIEWED_DEALS = 5;

export const SORT_OPTIONS = ["popularity", "price", "pricelow", "discountPercentage", "recentlyAdded"] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const DEFAULT_SORT: SortOption = "popularity";

export const SORT_LABELS: Record<SortOption, string> = {
  popularity: "Most popular",
  price: "Price: high to low",
  pricelow: "Price: low to high",
  discountPercentage: "Biggest discount",
  recentlyAdded: "Recently added",
};

/** Price filter choices in whole pounds/euros: local, shop and travel listings. */
export const PRICE_CHOICES: Record<DealType, readonly number[]> = {
  local: [0, 10, 20, 50, 100, 200],
  national: [0, 10, 20, 50, 100, 1000],
  travel: [0, 50, 100, 150, 200, 300, 400, 500, 750, 1000],
};
/** Search lists everything from 0 to 5000 unless the shopper narrows it. */
export const SEARCH_PRICE_RANGE = { min: 0, max: 5000 } as const;

export interface PriceBand {
  /** Whole currency units; max null means "and over". */
  min: number;
  max: number | null;
  label: string;
}

/** Neighbouring choices make the bands; the last choice opens an "and over" band. */
export function priceBands(dealType: DealType, currency: Currency): PriceBand[] {
  const choices = PRICE_CHOICES[dealType];
  const whole = (major: number) => formatMoney(major * 100, currency).replace(/\.00$/, "");
  const bands: PriceBand[] = [];
  for (let i = 0; i < choices.length - 1; i++) {
    const [min, max] = [choices[i], choices[i + 1]];
    bands.push({ min, max, label: min === 0 ? `Under ${whole(max)}` : `${whole(min)} - ${whole(max)}` });
  }
  const top = choices[choices.length - 1];
  bands.push({ min: top, max: null, label: `${whole(top)} and over` });
  return bands;
}

/** The filter keys beyond sort and price: each narrows (or, `all`, widens) the listed deals. */
export interface ListingFilters {
  /** Stands in for the visitor's location on pages whose path names none (shop, travel, VIP, near-me…). */
  location: string | null;
  /** Top-level category slug. */
  category: string | null;
  /** Sub-category slug. */
  subCategory: string | null;
  /** Deals in any of these categories or sub-categories (slugs). */
  categories: string[];
  /** A special tag (deal_tags) or a flag tag: early-bird, last-chance, vip, free-delivery. */
  searchTag: string | null;
  /** Only deals with a VIP price. */
  vip: boolean;
  /** Local deals of every location of the market, not only the page's. */
  all: boolean;
}

export interface ListingQuery extends ListingFilters {
  page: number;
  sort: SortOption;
  /** Minor units, inclusive; null when not filtered. */
  minPrice: number | null;
  /** Minor units, inclusive; null when not filtered. */
  maxPrice: number | null;
}

export const NO_FILTERS: ListingFilters = {
  location: null,
  category: null,
  subCategory: null,
  categories: [],
  searchTag: null,
  vip: false,
  all: false,
};

/** True when no key narrows or widens the list: sort and page aside, the plain listing. */
export function hasListingFilters(query: ListingQuery): boolean {
  return (
    query.minPrice !== null ||
    query.maxPrice !== null ||
    query.location !== null ||
    query.category !== null ||
    query.subCategory !== null ||
    query.categories.length > 0 ||
    query.searchTag !== null ||
    query.vip ||
    query.all
  );
}

/** A listing query parameter out of range: the caller's mistake, answered like any invalid input. */
export class ListingQueryError extends DomainError {
  constructor(message: string) {
    super("VALIDATION_ERROR", 400, message);
  }
}

function wholeNumber(value: string | null, name: string, max: number): number | null {
  if (value === null || value === "") return null;
  if (!/^\d{1,9}$/.test(value) || Number(value) > max) throw new ListingQueryError(`${name} must be a whole number from 0 to ${max}`);
  return Number(value);
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_CATEGORIES = 20;

function slugValue(value: string | null, name: string): string | null {
  if (value === null || value === "") return null;
  const slug = value.toLowerCase();
  if (slug.length > 64 || !SLUG.test(slug)) throw new ListingQueryError(`${name} must be a slug such as beauty or date-night`);
  return slug;
}

function flag(value: string | null, name: string): boolean {
  if (value === null || value === "" || value === "false") return false;
  if (value === "true") return true;
  throw new ListingQueryError(`${name} must be true or false`);
}

/** `categories=a,b` and `categories=a&categories=b` both work; duplicates count once. */
function categoryList(params: URLSearchParams): string[] {
  const slugs = params
    .getAll("categories")
    .flatMap((value) => value.split(","))
    .map((value) => slugValue(value.trim(), "categories"))
    .filter((slug): slug is string => slug !== null);
  const unique = [...new Set(slugs)];
  if (unique.length > MAX_CATEGORIES) throw new ListingQueryError(`categories may name at most ${MAX_CATEGORIES} categories`);
  return unique;
}

/** Reads the spec's listing query keys; bad values are errors, not silently ignored. */
export function parseListingQuery(params: URLSearchParams): ListingQuery {
  const pageText = params.get("page");
  let page = 1;
  if (pageText !== null) {
    if (!/^[1-9]\d{0,5}$/.test(pageText)) throw new ListingQueryError("page must be a whole number of 1 or more");
    page = Number(pageText);
  }
  let orderBy = params.get("orderBy") ?? DEFAULT_SORT;
  // The spec's `order` key: orderBy=price&order=asc is the same list as orderBy=pricelow.
  const order = params.get("order")?.toLowerCase();
  if (order !== undefined && order !== "asc" && order !== "desc") throw new ListingQueryError("order must be asc or desc");
  if (orderBy === "price" && order === "asc") orderBy = "pricelow";
  if (!(SORT_OPTIONS as readonly string[]).includes(orderBy)) {
    throw new ListingQueryError(`orderBy must be one of ${SORT_OPTIONS.join(", ")}`);
  }
  const min = wholeNumber(params.get("minPrice"), "minPrice", 100_000);
  const max = wholeNumber(params.get("maxPrice"), "maxPrice", 100_000);
  if (min !== null && max !== null && min > max) throw new ListingQueryError("minPrice must not be more than maxPrice");
  return {
    page,
    sort: orderBy as SortOption,
    location: slugValue(params.get("location"), "location"),
    category: slugValue(params.get("category"), "category"),
    subCategory: slugValue(params.get("subcategory"), "subcategory"),
    categories: categoryList(params),
    searchTag: slugValue(params.get("searchTag"), "searchTag"),
    vip: flag(params.get("vip"), "vip"),
    all: flag(params.get("all"), "all"),
    minPrice: min === null ? null : min * 100,
    // A band "£10 - £20" includes £20.00 but not £20.01.
    maxPrice: max === null ? null : max * 100,
  };
}

/** The filter keys of a query as URL parameters, in the spec's spelling. */
export function filterParams(query: Partial<ListingFilters>): [string, string][] {
  const params: [string, string][] = [];
  if (query.location) params.push(["location", query.location]);
  if (query.category) params.push(["category", query.category]);
  if (query.subCategory) params.push(["subcategory", query.subCategory]);
  if (query.categories?.length) params.push(["categories", query.categories.join(",")]);
  if (query.searchTag) params.push(["searchTag", query.searchTag]);
  if (query.vip) params.push(["vip", "true"]);
  if (query.all) params.push(["all", "true"]);
  return params;
}

/** Query string for a listing link; defaults are left out so page 1 with no filter is the clean URL. */
export function listingSearch(query: Partial<ListingQuery>): string {
  const params = new URLSearchParams();
  if (query.sort && query.sort !== DEFAULT_SORT) params.set("orderBy", query.sort);
  if (query.minPrice !== undefined && query.minPrice !== null) params.set("minPrice", String(query.minPrice / 100));
  if (query.maxPrice !== undefined && query.maxPrice !== null) params.set("maxPrice", String(query.maxPrice / 100));
  for (const [name, value] of filterParams(query)) params.set(name, value);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
