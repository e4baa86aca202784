/**
 * Browsing API: deals, listings by path, navigation, locations near a point, social cue, early
 * bird deals and sold-out notifications. Thin routes over the same catalog functions the pages use.
 */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { type DealPage, getDealPage } from "../../modules/catalog/deal-detail/get-deal";
import { recentSales } from "../../modules/catalog/deal-detail/sales";
import { CatalogError } from "../../modules/catalog/errors";
import { listCollectionDeals } from "../../modules/catalog/listing/list-collection-deals";
import { listDealPageDeals } from "../../modules/catalog/listing/list-deal-page-deals";
import { listDeals } from "../../modules/catalog/listing/list-deals";
import { RECOMMENDATIONS_LIMIT, RECOMMENDATIONS_PAGE_SIZE } from "../../modules/recommendations/serve";
import { customerRecommendations } from "./recommendations";
import { type Location, findLocation, findNearestLocation } from "../../modules/catalog/locations";
import { listNavigation, parseNavigationRange } from "../../modules/catalog/navigation";
import { ListingQueryError, MAX_LISTING_PAGE_SIZE, MAX_RECENT_VIEWED_DEALS, parseListingQuery } from "../../modules/catalog/rules/listing-options";
import { type ListingTarget, ListingPathError, parseListingPath } from "../../modules/catalog/rules/listing-path";
import { localHour, marketTimeZone } from "../../lib/market-time";
import { socialCue } from "../../modules/catalog/rules/social-cue";
import { subscribeSoldOutNotification } from "../../modules/catalog/sold-out-notifications";
import { BRANDS, isBrandId } from "../../lib/brand";
import { recordId, recordIdParam } from "../../lib/input";
import type { AppEnv } from "../context";
import {
  DealPageResponseSchema,
  DealResponseSchema,
  DealTileSchema,
  DealsListSchema,
  FacetedNavigationSchema,
  NavigationItemSchema,
  SocialCueSchema,
} from "./catalog-schemas";
import { apiError } from "../errors";
import { checkRateLimit } from "../security/rate-limits";
import { rateLimitedResponse } from "./account-helpers";
import { ErrorResponseSchema } from "./errors";
import { LocationSchema } from "./locations";

const LOCATION_COOKIE = "location";

const errors = {
  400: { description: "Bad request", content: { "application/json": { schema: ErrorResponseSchema } } },
  404: { description: "Not found", content: { "application/json": { schema: ErrorResponseSchema } } },
};

/** The visitor's location for market-wide listings: `?location=`, the location cookie, the brand default. */
async function requestLocation(c: Context<AppEnv>, explicit?: string): Promise<Location> {
  const brand = c.get("brand");
  const db = c.get("db");
  for (const candidate of [explicit, getCookie(c, LOCATION_COOKIE), brand.defaultLocationSlug]) {
    if (!candidate) continue;
    const location = await findLocation(db, brand.countryCode, candidate);
    if (location) return location;
  }
  throw new CatalogError("LOCATION_NOT_FOUND");
}

function arrivalOf(c: Context<AppEnv>, pathname: string) {
  return { pathname, searchParams: new URL(c.req.url).searchParams };
}

const dealById = createRoute({
  method: "get",
  path: "/deal/{id}",
  summary: "A deal by id, with its products and whether it can be bought now",
  request: {
    params: z.object({ id: recordIdParam().openapi({ example: 30000001 }) }),
    query: z.object({
      usr_src: z.string().max(100).optional(),
      st_cid: z.string().max(100).optional(),
    }),
  },
  responses: { 200: { description: "The deal", content: { "application/json": { schema: DealResponseSchema } } }, ...errors },
});

const productDetailPageDeal = createRoute({
  method: "get",
  path: "/product-detail-page-deal",
  summary: "Everything the deal page shows, by the deal page's path",
  request: {
    query: z.object({
      path: z.string().max(500).optional().openapi({ example: "/deal/london/beauty/spa/30000001/spa-day" }),
      dealPreview: z.string().max(128).optional(),
    }),
  },
  responses: { 200: { description: "The deal page", content: { "application/json": { schema: DealPageResponseSchema } } }, ...errors },
});

const dealIdParam = recordIdParam();

const ListingByPathQuery = z.object({
  path: z.string().max(500).optional().openapi({ example: "/deals/london/beauty?orderBy=pricelow" }),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_LISTING_PAGE_SIZE).optional().openapi({ description: "deals per page (default 9)" }),
  dealId: dealIdParam.optional().openapi({ description: "deal id override for an evergreen deal path" }),
  location: z.string().max(64).optional(),
  offset: z.coerce.number().int().min(0).max(20).optional().openapi({ description: "deal paths only: side deals before the grid (default per spec §9)" }),
  recentViewedDeal: z
    .union([dealIdParam, z.array(dealIdParam).max(MAX_RECENT_VIEWED_DEALS)])
    .optional()
    .openapi({ description: "deal paths only, up to 5 times: deals the visitor just viewed, left out of the list" }),
});

const productListingPageDeal = createRoute({
  method: "get",
  path: "/product-listing-page-deal",
  summary: "One page of a listing by its path (location, category, shop, travel, VIP, special, or the deals under a deal)",
  request: { query: ListingByPathQuery },
  responses: { 200: { description: "Deals", content: { "application/json": { schema: DealsListSchema } } }, ...errors },
});

const productListingPageDealLive = createRoute({
  method: "get",
  path: "/product-listing-page-deal/live",
  summary: "The same listing counted and read at this moment (no memo, no shared cache): for refreshing prices and stock",
  request: { query: ListingByPathQuery },
  responses: { 200: { description: "Deals", content: { "application/json": { schema: DealsListSchema } } }, ...errors },
});

const recommendations = createRoute({
  method: "get",
  path: "/product-listing-page-deal/recommendations/ct/{customerToken}",
  summary: "Deals recommended for the signed-in customer (by their customer token), from what they viewed and saved",
  request: {
    params: z.object({ customerToken: z.string().min(1).max(128) }),
    query: z.object({
      page: z.coerce.number().int().min(0).max(100).optional().openapi({ description: "0-based", example: 0 }),
      pageSize: z.coerce.number().int().min(1).max(RECOMMENDATIONS_LIMIT).optional().openapi({ example: RECOMMENDATIONS_PAGE_SIZE }),
      limit: z.coerce.number().int().min(1).max(RECOMMENDATIONS_LIMIT).optional().openapi({ example: RECOMMENDATIONS_LIMIT }),
      location: z.string().max(64).optional(),
    }),
  },
  responses: {
    200: {
      description: "Recommended deals",
      content: {
        "application/json": {
          schema: z.object({ deals: z.array(DealTileSchema), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() }),
        },
      },
    },
    ...errors,
  },
});

const navigations = createRoute({
  method: "get",
  path: "/navigations",
  summary: "The main navigation for the visitor's location",
  request: {
    query: z.object({
      range: z.string().max(16).optional().openapi({ example: "1-30" }),
      location: z.string().max(64).optional(),
      path: z.string().max(500).optional().openapi({ description: "the page the menu is for: its item gets isActive", example: "/deals/london/beauty" }),
    }),
  },
  responses: { 200: { description: "Navigation items", content: { "application/json": { schema: z.array(NavigationItemSchema) } } }, ...errors },
});

const facetedNavigation = createRoute({
  method: "get",
  path: "/facetednavigation/{brand}/{travel}/{country}",
  summary: "Travel categories with deal counts for a brand",
  request: {
    params: z.object({
      brand: z.string().openapi({ example: "wowcherie" }),
      travel: z.enum(["travel", "escapes"]),
      country: z.enum(["gb", "ie"]),
    }),
  },
  responses: { 200: { description: "Faceted navigation", content: { "application/json": { schema: FacetedNavigationSchema } } }, ...errors },
});

const LATITUDE_MESSAGE = "Latitude must be a number between -90 and 90";
const LONGITUDE_MESSAGE = "Longitude must be a number between -180 and 180";

const nearMeLocation = createRoute({
  method: "get",
  path: "/nearmelocation/area/{a}/{b}",
  summary: "The location nearest to a point (latitude a, longitude b)",
  request: {
    params: z.object({
      a: z.coerce
        .number({ message: LATITUDE_MESSAGE })
        .finite(LATITUDE_MESSAGE)
        .min(-90, LATITUDE_MESSAGE)
        .max(90, LATITUDE_MESSAGE)
        .openapi({ example: 53.48 }),
      b: z.coerce
        .number({ message: LONGITUDE_MESSAGE })
        .finite(LONGITUDE_MESSAGE)
        .min(-180, LONGITUDE_MESSAGE)
        .max(180, LONGITUDE_MESSAGE)
        .openapi({ example: -2.24 }),
    }),
  },
  responses: {
    200: {
      description: "Nearest location",
      content: { "application/json": { schema: z.object({ location: LocationSchema, distanceKm: z.number() }) } },
    },
    ...errors,
    429: { description: "Too many look-ups from this client", content: { "application/json": { schema: ErrorResponseSchema } } },
  },
});

const earlyBird = createRoute({
  method: "get",
  path: "/early-bird-deal",
  summary: "Early-bird deals for the visitor's location and the whole market",
  request: { query: z.object({ location: z.string().max(64).optional() }) },
  responses: { 200: { description: "Deals", content: { "application/json": { schema: z.object({ deals: z.array(DealTileSchema) }) } } }, ...errors },
});

const socialCueRoute = createRoute({
  method: "get",
  path: "/socialcue/deal",
  summary: "How many bought a deal recently (time-of-day rule of spec discovery §4)",
  request: { query: z.object({ dealId: recordIdParam() }) },
  responses: { 200: { description: "Social cue", content: { "application/json": { schema: SocialCueSchema } } }, ...errors },
});

const soldOutNotification = createRoute({
  method: "post",
  path: "/deal/sold-out-notification",
  summary: "Ask to be emailed when a sold-out deal is back",
  request: {
    body: {
      content: {
        "application/json": {
          schema: z.object({ dealId: recordId(), email: z.string().max(254) }),
        },
      },
    },
  },
  responses: {
    201: { description: "Signed up", content: { "application/json": { schema: z.object({ created: z.boolean() }) } } },
    200: { description: "Already signed up", content: { "application/json": { schema: z.object({ created: z.boolean() }) } } },
    ...errors,
  },
});

function dealPageBody(page: DealPage, more: Awaited<ReturnType<typeof listDealPageDeals>>) {
  return {
    deal: page.deal,
    availability: page.availability,
    selectedProductId: page.selectedProductId,
    canonicalUrl: page.canonicalUrl,
    redirectUrl: page.redirectUrl,
    robots: page.robots,
    sideDeals: more.sideDeals,
    deals: more.deals,
  };
}

/** Both listing routes: one page of the listing a path names, `fresh` past the memos. */
async function listingByPath(c: Context<AppEnv>, query: z.infer<typeof ListingByPathQuery>, fresh: boolean) {
  if (!query.path) throw new ListingPathError("PATH_REQUIRED");
  const parsed = parseListingPath(query.path);
  const db = c.get("db");
  const brand = c.get("brand");
  const now = c.get("clock").now();
  const page = query.page ?? 1;
  // The path's own query carries the sort and filter keys; `page` comes from the call.
  const pathSearch = new URLSearchParams(query.path.split("?")[1] ?? "");
  pathSearch.delete("page");
  if (parsed.target.kind === "deal") {
    const { target } = parsed;
    if (target.dealId === "evergreen" && query.dealId === undefined) throw new ListingPathError("EVERGREEN_WITHOUT_DEAL");
    const dealTarget = { ...target, dealId: query.dealId ?? (target.dealId as number) };
    const dealPage = await getDealPage(db, { brand, now, target: dealTarget, arrival: arrivalOf(c, query.path), previewToken: null });
    const { deal } = dealPage;
    const recentViewedDeal = query.recentViewedDeal;
    const more = await listDealPageDeals(db, {
      brand,
      now,
      deal: { id: deal.id, dealType: deal.dealType, soldOut: deal.soldOut, locationId: deal.location?.id ?? null, categoryId: deal.category.id },
      page,
      query: parseListingQuery(pathSearch),
      pageSize: query.pageSize,
      offset: query.offset,
      recentlyViewed: recentViewedDeal === undefined ? [] : Array.isArray(recentViewedDeal) ? recentViewedDeal : [recentViewedDeal],
    });
    return c.json(
      {
        deals: more.deals,
        mainDeal: null,
        sideDeals: more.sideDeals,
        canonicalUrl: dealPage.canonicalUrl,
        evergreenUrl: deal.evergreenUrl,
        facetedNavigation: null,
        redirectUrl: dealPage.redirectUrl,
        page,
        pageSize: more.pageSize,
        pageCount: null,
        total: null,
      },
      200,
    );
  }
  if (query.offset !== undefined || query.recentViewedDeal !== undefined) {
    throw new ListingQueryError("offset and recentViewedDeal apply to the deals under a deal (a /deal/… path)");
  }
  const search = new URLSearchParams(pathSearch);
  search.set("page", String(page));
  const visitor = await requestLocation(c, query.location);
  const listing = await listDeals(db, {
    brand,
    now,
    pageType: parsed.pageType,
    target: parsed.target,
    query: parseListingQuery(search),
    visitorLocation: visitor.shortName,
    outOfRange: "empty",
    fresh,
    pageSize: query.pageSize,
  });
  return c.json(
    {
      deals: listing.deals,
      mainDeal: listing.mainDeal,
      sideDeals: listing.sideDeals,
      canonicalUrl: listing.canonicalUrl,
      evergreenUrl: listing.evergreenUrl,
      facetedNavigation: listing.redirectUrl ? null : listing.facetedNavigation,
      redirectUrl: listing.redirectUrl,
      page: listing.page,
      pageSize: listing.pageSize,
      pageCount: listing.pageCount,
      total: listing.total,
    },
    200,
  );
}

export function registerCatalogRoutes(api: OpenAPIHono<AppEnv>): void {
  api.openapi(dealById, async (c) => {
    const { id } = c.req.valid("param");
    const target: Extract<ListingTarget, { kind: "deal" }> = { kind: "deal", segment: "", category: "", subCategory: "", dealId: id, productId: null, blurb: null };
    const page = await getDealPage(c.get("db"), { brand: c.get("brand"), now: c.get("clock").now(), target, arrival: arrivalOf(c, `/deal/${id}`), previewToken: null });
    return c.json({ deal: page.deal, availability: page.availability }, 200);
  });

  api.openapi(productDetailPageDeal, async (c) => {
    const query = c.req.valid("query");
    if (!query.path) throw new ListingPathError("PATH_REQUIRED");
    const [pathname] = query.path.split("?");
    const { target } = parseListingPath(query.path);
    if (target.kind !== "deal") throw new ListingPathError("UNSUPPORTED", "not a deal path");
    const db = c.get("db");
    const brand = c.get("brand");
    const now = c.get("clock").now();
    const page = await getDealPage(db, { brand, now, target, arrival: { pathname, searchParams: new URLSearchParams(query.path.split("?")[1] ?? "") }, previewToken: query.dealPreview ?? null });
    const { deal } = page;
    const more = await listDealPageDeals(db, {
      brand,
      now,
      deal: { id: deal.id, dealType: deal.dealType, soldOut: deal.soldOut, locationId: deal.location?.id ?? null, categoryId: deal.category.id },
      page: 1,
    });
    if (page.preview) c.header("cache-control", "private, no-store");
    return c.json(dealPageBody(page, more), 200);
  });

  api.openapi(productListingPageDeal, (c) => listingByPath(c, c.req.valid("query"), false));

  api.openapi(productListingPageDealLive, (c) => {
    c.header("cache-control", "private, no-store");
    return listingByPath(c, c.req.valid("query"), true);
  });

  // The same answer as /v1/recommendations/ct/{id} (modules/recommendations: co-purchases, co-views, popularity).
  api.openapi(recommendations, (c) => customerRecommendations(c, c.req.valid("param").customerToken, c.req.valid("query")));

  api.openapi(navigations, async (c) => {
    const query = c.req.valid("query");
    const range = parseNavigationRange(query.range);
    const location = await requestLocation(c, query.location);
    const items = await listNavigation(c.get("db"), {
      countryCode: c.get("brand").countryCode,
      location,
      range,
      withCounts: { now: c.get("clock").now() },
      path: query.path,
    });
    return c.json(items, 200);
  });

  api.openapi(facetedNavigation, async (c) => {
    const params = c.req.valid("param");
    if (!isBrandId(params.brand)) return apiError(c, 404, "BRAND_NOT_FOUND", "Page not found");
    const brand = BRANDS[params.brand];
    if (brand.travelName !== params.travel || brand.countryCode.toLowerCase() !== params.country) {
      return apiError(c, 400, "VALIDATION_ERROR", `${brand.id} lists travel as /${brand.travelName}/${brand.countryCode.toLowerCase()}`);
    }
    const listing = await listDeals(c.get("db"), {
      brand,
      now: c.get("clock").now(),
      pageType: "travel",
      target: { kind: "travel", segment: brand.travelName, categories: [] },
      query: parseListingQuery(new URLSearchParams()),
      visitorLocation: brand.defaultLocationSlug,
      outOfRange: "empty",
    });
    return c.json(listing.facetedNavigation, 200);
  });

  api.openapi(nearMeLocation, async (c) => {
    const { a, b } = c.req.valid("param");
    // A position is sent once per "Use my location" press: far more than that is someone mapping us.
    const limited = rateLimitedResponse(c, await checkRateLimit(c.var, "nearMeLocation"));
    if (limited) return limited;
    const brand = c.get("brand");
    const nearest = await findNearestLocation(c.get("db"), brand.countryCode, { lat: a, lon: b });
    if (!nearest) return apiError(c, 404, "LOCATION_NOT_FOUND", "Page not found");
    const { location } = nearest;
    return c.json(
      {
        location: { id: location.id, name: location.name, shortName: location.shortName, brand: brand.id, countryCode: location.countryCode, latLon: { lat: location.lat, lon: location.lon } },
        distanceKm: Math.round(nearest.distanceKm * 10) / 10,
      },
      200,
    );
  });

  api.openapi(earlyBird, async (c) => {
    const location = await requestLocation(c, c.req.valid("query").location);
    const deals = await listCollectionDeals(c.get("db"), { countryCode: c.get("brand").countryCode, now: c.get("clock").now(), locationId: location.id, earlyBird: true, limit: 30 });
    return c.json({ deals }, 200);
  });

  api.openapi(socialCueRoute, async (c) => {
    const { dealId } = c.req.valid("query");
    const now = c.get("clock").now();
    const sales = await recentSales(c.get("db"), dealId, now);
    const cue = socialCue(sales, localHour(now, marketTimeZone(c.get("brand").countryCode)));
    // Changes by the hour at most: a short shared cache spares the database.
    c.header("cache-control", "public, max-age=300");
    return c.json({ dealId, count: cue?.count ?? null, hours: cue?.hours ?? null, message: cue?.message ?? null }, 200);
  });

  api.openapi(soldOutNotification, async (c) => {
    const body = c.req.valid("json");
    const result = await subscribeSoldOutNotification(c.get("db"), { countryCode: c.get("brand").countryCode, dealId: body.dealId, email: body.email, now: c.get("clock").now() });
    return c.json(result, result.created ? 201 : 200);
  });
}
