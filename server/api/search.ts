import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { parseMajorUnits } from "../../lib/money";
import type { DealTile } from "../../modules/catalog/deal-tile";
import { SEARCH_ORDERS, type SearchResults, searchDeals } from "../../modules/search/search-deals";
import { suggestSearches } from "../../modules/search/suggest";
import { ensureSearchSession } from "../../modules/sponsored/search-session";
import type { AppEnv } from "../context";
import { apiError } from "../errors";
import { ErrorResponseSchema } from "./errors";

const slug = z.string().regex(/^[a-z0-9-]{1,64}$/, "must be a lower-case slug");
const slugList = z
  .string()
  .regex(/^[a-z0-9-]{1,64}(,[a-z0-9-]{1,64}){0,49}$/, "must be a comma-separated list of slugs")
  .transform((value) => value.split(","));
const price = z
  .string()
  .transform((value, ctx) => {
    const minor = parseMajorUnits(value);
    if (minor === null) ctx.addIssue({ code: "custom", message: "must be an amount like 10 or 9.99" });
    return minor ?? 0;
  });
const flag = z.enum(["true", "false"]).transform((value) => value === "true");

const SearchQuerySchema = z.object({
  q: z.string().optional().openapi({ description: "What the shopper typed; blank is rejected", example: "spa" }),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
  orderBy: z.enum(SEARCH_ORDERS).optional().openapi({ description: "Default: relevance with words, popularity without" }),
  order: z.enum(["asc", "desc"]).optional(),
  category: slug.optional(),
  subcategory: slug.optional(),
  searchTag: slug.optional().openapi({ description: "early-bird, last-chance, vip or free-delivery" }),
  excludecategory: slugList.optional(),
  excludesubcategory: slugList.optional(),
  excludedealids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, "must be a comma-separated list of deal ids")
    .transform((value) => value.split(",").map(Number))
    .optional(),
  minPrice: price.optional().openapi({ description: "Major units (pounds or euros); default 0" }),
  maxPrice: price.optional().openapi({ description: "Major units; default 5000" }),
  vip: flag.optional().openapi({ description: "Only deals with a VIP price" }),
  facetedNavigation: flag.optional(),
  sessionId: z.string().min(1).max(64).optional().openapi({ description: "The shopper's search session, when they have one" }),
});

const NavigationSchema = z.object({ linkText: z.string(), count: z.number().int(), shortName: z.string() });

const SearchDealSchema = z
  .object({
    id: z.number().int(),
    headline: z.string(),
    urlPath: z.string(),
    currency: z.enum(["GBP", "EUR"]),
    price: z.number().int().openapi({ description: "Minor units" }),
    originalPrice: z.number().int(),
    discountPercentage: z.number().int(),
    priceText: z.string().nullable(),
    images: z.array(z.object({ imageUrl: z.string(), extension: z.string() })),
    display: z.object({ showPrice: z.boolean() }),
  })
  .openapi("SearchDeal");

const SearchResponseSchema = z
  .object({
    facetedNavigation: z
      .object({
        navigations: z.array(NavigationSchema.extend({ subNavigations: z.array(NavigationSchema) })),
        count: z.number().int(),
        category: z.string().nullable(),
        parentNavUrl: z.string(),
        defaultItem: NavigationSchema,
        metaTitle: z.string(),
      })
      .optional(),
    deals: z.array(SearchDealSchema),
    searchResult: z.object({
      query: z.string().nullable(),
      didYouMean: z.string().nullable(),
      totalResults: z.number().int(),
      page: z.number().int(),
      pageSize: z.number().int(),
      pageCount: z.number().int(),
      orderBy: z.enum(SEARCH_ORDERS),
      order: z.enum(["asc", "desc"]),
      location: z.object({ id: z.number().int(), name: z.string(), shortName: z.string() }),
    }),
    sponsored: z.object({
      sessionId: z.string().nullable(),
      deals: z.array(z.object({ id: z.number().int(), adId: z.string() })),
    }),
  })
  .openapi("SearchResponse");

const errors = {
  400: { description: "Blank query or bad parameter", content: { "application/json": { schema: ErrorResponseSchema } } },
  404: { description: "Unknown location", content: { "application/json": { schema: ErrorResponseSchema } } },
};

const searchRoute = createRoute({
  method: "get",
  path: "/search/{location}",
  summary: "Search the brand's deals, with facets and sponsored placements",
  request: { params: z.object({ location: z.string().max(64) }), query: SearchQuerySchema },
  responses: { 200: { description: "Results", content: { "application/json": { schema: SearchResponseSchema } } }, ...errors },
});

const unbxdSearchRoute = createRoute({ ...searchRoute, path: "/unbxd/search/{location}", summary: "Search (Irish brands' address)" });

const SuggestionSchema = z.object({
  type: z.enum(["category", "location", "deal"]),
  text: z.string(),
  count: z.number().int().optional(),
  dealId: z.number().int().optional(),
});

const suggestRoute = createRoute({
  method: "get",
  path: "/suggest",
  summary: "Autocomplete: categories, locations and deal headlines for what is typed so far",
  request: { query: z.object({ q: z.string().optional() }) },
  responses: {
    200: {
      description: "Suggestions",
      content: { "application/json": { schema: z.object({ query: z.string(), suggestions: z.array(SuggestionSchema) }) } },
    },
    400: errors[400],
  },
});

type SearchQuery = z.infer<typeof SearchQuerySchema>;

export function registerSearchRoutes(api: OpenAPIHono<AppEnv>): void {
  api.openapi(searchRoute, (c) => search(c, c.req.valid("param").location, c.req.valid("query")));
  api.openapi(unbxdSearchRoute, (c) => {
    if (c.get("brand").countryCode !== "IE") return apiError(c, 404, "NOT_FOUND", "Page not found");
    return search(c, c.req.valid("param").location, c.req.valid("query"));
  });
  api.openapi(suggestRoute, async (c) => {
    const result = await suggestSearches(c.get("db"), c.get("clock"), { countryCode: c.get("brand").countryCode, q: c.req.valid("query").q ?? "" });
    return c.json(result, 200);
  });
}

async function search(c: Context<AppEnv>, location: string, query: SearchQuery) {
  const results: SearchResults = await searchDeals(c.get("db"), c.get("clock"), {
    countryCode: c.get("brand").countryCode,
    location,
    q: query.q,
    searchTag: query.searchTag,
    category: query.category,
    subCategory: query.subcategory,
    excludeCategories: query.excludecategory,
    excludeSubCategories: query.excludesubcategory,
    excludeDealIds: query.excludedealids,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    vip: query.vip,
    orderBy: query.orderBy,
    order: query.order,
    page: query.page,
    pageSize: query.pageSize,
  });
  // The session is created on demand: only when there is a sponsored placement to attribute.
  const sessionId =
    results.sponsored.length > 0
      ? await ensureSearchSession(c.get("db"), c.get("clock"), { customerToken: null, sessionId: query.sessionId ?? null })
      : (query.sessionId ?? null);
  return c.json(
    {
      ...(query.facetedNavigation === false ? {} : { facetedNavigation: facetedNavigation(results, query) }),
      deals: results.deals.map(toSearchDeal),
      searchResult: {
        query: results.query,
        didYouMean: results.didYouMean,
        totalResults: results.total,
        page: results.page,
        pageSize: results.pageSize,
        pageCount: results.pageCount,
        orderBy: results.orderBy,
        order: results.order,
        location: results.location,
      },
      sponsored: { sessionId, deals: results.sponsored },
    },
    200,
  );
}

function toSearchDeal(tile: DealTile) {
  return {
    id: tile.id,
    headline: tile.headline,
    urlPath: tile.urlPath,
    currency: tile.currency,
    price: tile.price,
    originalPrice: tile.originalPrice,
    discountPercentage: tile.discountPercentage,
    priceText: tile.priceText,
    images: tile.image ? [tile.image] : [],
    display: { showPrice: tile.showPrice },
  };
}

function facetedNavigation(results: SearchResults, query: SearchQuery) {
  const parent = new URLSearchParams();
  if (query.q !== undefined) parent.set("q", query.q);
  if (query.searchTag) parent.set("searchTag", query.searchTag);
  const count = results.facets.reduce((sum, facet) => sum + facet.count, 0);
  return {
    navigations: results.facets.map((facet) => ({
      linkText: facet.name,
      count: facet.count,
      shortName: facet.shortName,
      subNavigations: facet.subCategories.map((sub) => ({ linkText: sub.name, count: sub.count, shortName: sub.shortName })),
    })),
    count,
    category: query.category ?? null,
    parentNavUrl: `/search?${parent.toString()}`,
    defaultItem: { linkText: "All categories", count, shortName: "all" },
    metaTitle: results.query ? `Search results for "${results.query}"` : "Search results",
  };
}
