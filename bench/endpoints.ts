import type { BenchCatalogue } from "./lib/catalogue";
import type { LoadRequest } from "./lib/load";
import { zipfPicker } from "./lib/zipf";
import { SEARCH_LOCATIONS, SEARCH_QUERIES, SUGGEST_QUERIES } from "./search-queries";

export interface Budget {
  /** Minimum share of the bare server's requests/s with the page cache on. */
  minBareRatioCached?: number;
  /** Minimum requests/s with the page cache off. */
  minRpsUncached?: number;
  maxP95MsCached?: number;
  maxP95MsUncached?: number;
}

export interface Endpoint {
  name: string;
  /** Pages go through the page cache; JSON does not. */
  kind: "page" | "json";
  budget: Budget;
  picker(catalogue: BenchCatalogue): () => LoadRequest;
}

const HOSTS = { GB: "wowcher.co.uk", IE: "wowcher.ie" } as const;

function locationPicker(catalogue: BenchCatalogue) {
  // Bigger cities come first in the location list, so Zipf over it matches where shoppers are.
  return zipfPicker(catalogue.locations);
}

function dealPicker(catalogue: BenchCatalogue) {
  // Deals are in popularity order: Zipf over them is how real traffic concentrates.
  return zipfPicker(catalogue.deals);
}

function cycle<T>(items: readonly T[]): () => T {
  let next = 0;
  return () => items[next++ % items.length];
}

export const ENDPOINTS: Endpoint[] = [
  {
    name: "deal page",
    kind: "page",
    budget: { minBareRatioCached: 0.25, maxP95MsCached: 20, minRpsUncached: 250, maxP95MsUncached: 100 },
    picker: (catalogue) => {
      const pick = dealPicker(catalogue);
      return () => {
        const deal = pick();
        return { path: deal.urlPath, headers: { host: HOSTS[deal.countryCode] } };
      };
    },
  },
  {
    name: "search page",
    kind: "page",
    budget: {},
    picker: () => {
      const query = cycle(SEARCH_QUERIES);
      return () => ({ path: `/search?q=${encodeURIComponent(query())}`, headers: { host: HOSTS.GB } });
    },
  },
  {
    name: "GET /v1/deal/{id}",
    kind: "json",
    budget: { maxP95MsUncached: 20 },
    picker: (catalogue) => {
      const pick = dealPicker(catalogue);
      return () => {
        const deal = pick();
        return { path: `/v1/deal/${deal.id}`, headers: { host: HOSTS[deal.countryCode] } };
      };
    },
  },
  {
    name: "GET /v1/product-listing-page-deal",
    kind: "json",
    budget: { maxP95MsUncached: 20 },
    picker: (catalogue) => {
      const pick = locationPicker(catalogue);
      return () => {
        const location = pick();
        return { path: `/v1/product-listing-page-deal?path=/deals/${location.shortName}`, headers: { host: HOSTS[location.countryCode] } };
      };
    },
  },
  {
    name: "GET /v1/search/{location}",
    kind: "json",
    budget: { maxP95MsUncached: 30 },
    picker: () => {
      const query = cycle(SEARCH_QUERIES);
      const location = cycle(SEARCH_LOCATIONS);
      return () => ({ path: `/v1/search/${location()}?q=${encodeURIComponent(query())}`, headers: { host: HOSTS.GB } });
    },
  },
  {
    name: "GET /v1/suggest",
    kind: "json",
    budget: { maxP95MsUncached: 15 },
    picker: () => {
      const query = cycle(SUGGEST_QUERIES);
      return () => ({ path: `/v1/suggest?q=${encodeURIComponent(query())}`, headers: { host: HOSTS.GB } });
    },
  },
  {
    name: "location homepage",
    kind: "page",
    budget: { minBareRatioCached: 0.25, maxP95MsCached: 20, maxP95MsUncached: 100 },
    picker: (catalogue) => {
      const pick = locationPicker(catalogue);
      const page = zipfPicker([1, 2, 3]);
      return () => {
        const location = pick();
        const n = page();
        return { path: `/deals/${location.shortName}${n > 1 ? `?page=${n}` : ""}`, headers: { host: HOSTS[location.countryCode] } };
      };
    },
  },
  {
    name: "category page (price filter)",
    kind: "page",
    budget: { minBareRatioCached: 0.25, maxP95MsCached: 20, minRpsUncached: 200, maxP95MsUncached: 100 },
    picker: (catalogue) => {
      const location = locationPicker(catalogue);
      const category = zipfPicker(catalogue.categories);
      const band = zipfPicker(["", "?minPrice=0&maxPrice=10", "?minPrice=10&maxPrice=20", "?minPrice=20&maxPrice=50", "?orderBy=pricelow"]);
      return () => {
        const { shortName, countryCode } = location();
        return { path: `/deals/${shortName}/${category()}${band()}`, headers: { host: HOSTS[countryCode] } };
      };
    },
  },
  {
    name: "GET /v1/location",
    kind: "json",
    budget: { maxP95MsUncached: 20 },
    picker: (catalogue) => {
      const pick = locationPicker(catalogue);
      return () => ({ path: "/v1/location", headers: { host: HOSTS[pick().countryCode] } });
    },
  },
];

export interface PageToWeigh {
  name: string;
  /** Home, category and deal pages carry the JS/CSS and Lighthouse budgets. */
  budgeted: boolean;
  path(catalogue: BenchCatalogue): string;
}

export const PAGES: PageToWeigh[] = [
  { name: "home (location)", budgeted: true, path: () => "/deals/london" },
  { name: "category", budgeted: true, path: () => "/deals/london/beauty" },
  { name: "deal", budgeted: true, path: (catalogue) => catalogue.deals.find((deal) => deal.countryCode === "GB")?.urlPath ?? "/deals/london" },
  { name: "search", budgeted: false, path: () => "/search?q=spa" },
];

export const PAGE_BUDGET = { maxJsKb: 120, maxCssKb: 30, minPerformance: 95, minAccessibility: 100, minSeo: 100, minBestPractices: 95 };
