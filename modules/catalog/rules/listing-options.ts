/**
 * Listing options (spec discovery §2 and §9): page size, sort options and price filter bands,
 * and reading them from the listing query keys (orderBy, minPrice, maxPrice, page).
 */
import { type Currency, formatMoney } from "../../../lib/money";
import type { DealType } from "../schema";

export const LISTING_PAGE_SIZE = 9;

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

export interface ListingQuery {
  page: number;
  sort: SortOption;
  /** Minor units, inclusive; null when not filtered. */
  minPrice: number | null;
  /** Minor units, inclusive; null when not filtered. */
  maxPrice: number | null;
}

export class ListingQueryError extends Error {}

function wholeNumber(value: string | null, name: string, max: number): number | null {
  if (value === null || value === "") return null;
  if (!/^\d{1,9}$/.test(value) || Number(value) > max) throw new ListingQueryError(`${name} must be a whole number from 0 to ${max}`);
  return Number(value);
}

/** Reads page, orderBy, minPrice and maxPrice; bad values are errors, not silently ignored. */
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
    minPrice: min === null ? null : min * 100,
    // A band "£10 - £20" includes £20.00 but not £20.01.
    maxPrice: max === null ? null : max * 100,
  };
}

/** Query string for a listing link; defaults are left out so page 1 with no filter is the clean URL. */
export function listingSearch(query: Partial<ListingQuery>): string {
  const params = new URLSearchParams();
  if (query.sort && query.sort !== DEFAULT_SORT) params.set("orderBy", query.sort);
  if (query.minPrice !== undefined && query.minPrice !== null) params.set("minPrice", String(query.minPrice / 100));
  if (query.maxPrice !== undefined && query.maxPrice !== null) params.set("maxPrice", String(query.maxPrice / 100));
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
