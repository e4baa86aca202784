/**
 * Home rails and cross-sell: Buy again (the signed-in customer's own orders), Recommended for you
 * (by customer token, only for its signed-in owner) and complementary deals (aggregate
 * item-to-item, for the deal page and checkout). Thin routes over modules/recommendations.
 */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { recordIdParam } from "../../lib/input";
import { CatalogError } from "../../modules/catalog/errors";
import { type Location, findLocation } from "../../modules/catalog/locations";
import {
  BUY_AGAIN_PAGE_SIZE,
  COMPLEMENTARY_LIMIT,
  RECOMMENDATIONS_LIMIT,
  RECOMMENDATIONS_PAGE_SIZE,
  listBuyAgain,
  recommendForCustomer,
  recommendFromDeals,
} from "../../modules/recommendations/serve";
import { listRecentlyViewed } from "../../modules/recently-viewed/recently-viewed";
import { wishlistDealIds } from "../../modules/wishlist/get-wishlist";
import type { AppEnv } from "../context";
import { apiError } from "../errors";
import { notSignedIn } from "./account-helpers";
import { DealTileSchema } from "./catalog-schemas";
import { ErrorResponseSchema } from "./errors";

const errors = {
  400: { description: "Bad request", content: { "application/json": { schema: ErrorResponseSchema } } },
  401: { description: "Not signed in", content: { "application/json": { schema: ErrorResponseSchema } } },
  404: { description: "Not found", content: { "application/json": { schema: ErrorResponseSchema } } },
};

const PageSchema = z.object({ deals: z.array(DealTileSchema), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });

export const RecommendationsQuery = z.object({
  page: z.coerce.number().int().min(0).max(100).optional().openapi({ description: "0-based", example: 0 }),
  pageSize: z.coerce.number().int().min(1).max(RECOMMENDATIONS_LIMIT).optional().openapi({ example: RECOMMENDATIONS_PAGE_SIZE }),
  limit: z.coerce.number().int().min(1).max(RECOMMENDATIONS_LIMIT).optional().openapi({ example: RECOMMENDATIONS_LIMIT }),
  location: z.string().max(64).optional(),
});

const recommendationsRoute = createRoute({
  method: "get",
  path: "/recommendations/ct/{customerToken}",
  summary: "Recommended for you: deals like the ones the signed-in customer bought, viewed and saved (co-purchases, co-views, then popularity)",
  request: { params: z.object({ customerToken: z.string().min(1).max(128) }), query: RecommendationsQuery },
  responses: { 200: { description: "Recommended deals", content: { "application/json": { schema: PageSchema } } }, ...errors },
});

const buyAgainRoute = createRoute({
  method: "get",
  path: "/buy-again/deals",
  summary: "Buy again: deals from the signed-in customer's own orders that can be bought now, most recent first",
  request: {
    query: z.object({
      page: z.coerce.number().int().min(0).max(1000).optional().openapi({ description: "0-based", example: 0 }),
      pageSize: z.coerce.number().int().min(1).max(50).optional().openapi({ example: BUY_AGAIN_PAGE_SIZE }),
      location: z.string().max(64).optional(),
    }),
  },
  responses: { 200: { description: "Deals", content: { "application/json": { schema: PageSchema } } }, ...errors },
});

const dealIdList = z.union([recordIdParam(), z.array(recordIdParam()).max(20)]);

const complementaryRoute = createRoute({
  method: "get",
  path: "/complementary-deals",
  summary: "Deals bought or viewed together with these (the deal page's 'You may also like', checkout's 'Complete your purchase')",
  request: {
    query: z.object({
      dealId: dealIdList.openapi({ description: "the deal on the page or the basket's deals, up to 20 times" }),
      limit: z.coerce.number().int().min(1).max(RECOMMENDATIONS_LIMIT).optional().openapi({ example: COMPLEMENTARY_LIMIT }),
      location: z.string().max(64).optional(),
    }),
  },
  responses: { 200: { description: "Deals", content: { "application/json": { schema: z.object({ deals: z.array(DealTileSchema) }) } } }, ...errors },
});

/** `?location=`, the location cookie, the brand default (as the browsing API). */
async function requestLocation(c: Context<AppEnv>, explicit?: string): Promise<Location> {
  const brand = c.get("brand");
  for (const candidate of [explicit, getCookie(c, "location"), brand.defaultLocationSlug]) {
    if (!candidate) continue;
    const location = await findLocation(c.get("db"), brand.countryCode, candidate);
    if (location) return location;
  }
  throw new CatalogError("LOCATION_NOT_FOUND");
}

/** Recommended for you by customer token: only the signed-in owner of the token gets an answer (else 404). */
export async function customerRecommendations(c: Context<AppEnv>, customerToken: string, query: z.infer<typeof RecommendationsQuery>) {
  const customer = c.get("customer");
  c.header("cache-control", "private, no-store");
  // What someone bought and viewed is theirs alone: never say whether another token exists.
  if (!customer || customer.customerToken !== customerToken) return apiError(c, 404, "CUSTOMER_NOT_FOUND", "Page not found");
  const db = c.get("db");
  const brand = c.get("brand");
  const [location, viewed, saved] = await Promise.all([
    requestLocation(c, query.location),
    listRecentlyViewed(db, { owner: { customerId: customer.id }, countryCode: brand.countryCode }),
    wishlistDealIds(db, { brand: brand.id, customerId: customer.id, guestWishlistId: null }),
  ]);
  const result = await recommendForCustomer(db, {
    countryCode: brand.countryCode,
    now: c.get("clock").now(),
    locationId: location.id,
    customerId: customer.id,
    seenDealIds: [...viewed.map((deal) => deal.id), ...saved.dealIds],
    page: query.page ?? 0,
    pageSize: query.pageSize ?? RECOMMENDATIONS_PAGE_SIZE,
    limit: query.limit ?? RECOMMENDATIONS_LIMIT,
  });
  return c.json(result, 200);
}

export function registerRecommendationRoutes(api: OpenAPIHono<AppEnv>): void {
  api.openapi(recommendationsRoute, (c) => customerRecommendations(c, c.req.valid("param").customerToken, c.req.valid("query")));

  api.openapi(buyAgainRoute, async (c) => {
    c.header("cache-control", "private, no-store");
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    const query = c.req.valid("query");
    const location = await requestLocation(c, query.location);
    const result = await listBuyAgain(c.get("db"), {
      customerId: customer.id,
      countryCode: c.get("brand").countryCode,
      now: c.get("clock").now(),
      locationId: location.id,
      page: query.page ?? 0,
      pageSize: query.pageSize ?? BUY_AGAIN_PAGE_SIZE,
    });
    return c.json(result, 200);
  });

  api.openapi(complementaryRoute, async (c) => {
    const query = c.req.valid("query");
    const dealIds = Array.isArray(query.dealId) ? query.dealId : [query.dealId];
    const location = await requestLocation(c, query.location);
    const served = await recommendFromDeals(c.get("db"), {
      countryCode: c.get("brand").countryCode,
      now: c.get("clock").now(),
      locationId: location.id,
      seedDealIds: dealIds,
      limit: query.limit ?? COMPLEMENTARY_LIMIT,
    });
    // Aggregate, the same for everyone of a location: a browser may keep it a few minutes.
    c.header("cache-control", "private, max-age=300");
    return c.json({ deals: served.deals }, 200);
  });
}
