import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { findGifts } from "../../modules/catalog/listing/gift-finder";
import { GIFT_PERSONALITIES, GIFT_PRICE_BANDS, GIFT_RECIPIENTS, personalityFromParam, priceBandFromParam } from "../../modules/catalog/rules/gift-finder";
import type { AppEnv } from "../context";
import { DealTileSchema, FacetedNavigationSchema } from "./catalog-schemas";
import { ErrorResponseSchema } from "./errors";

const FacetSchema = z.object({ id: z.string(), label: z.string(), count: z.number().int(), url: z.string(), isActive: z.boolean() });

const GiftFinderSchema = z
  .object({
    facetedNavigation: FacetedNavigationSchema,
    recipients: z.array(FacetSchema),
    personalities: z.array(FacetSchema),
    priceBands: z.array(FacetSchema),
    deals: z.array(DealTileSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageCount: z.number().int(),
    resultsHeading: z.string().openapi({ example: "3 gifts for Mum (under £10)" }),
    canonicalUrl: z.string().openapi({ example: "/london/gift-finder/gifts-for-mum" }),
  })
  .openapi("GiftFinder");

const giftFinderRoute = createRoute({
  method: "get",
  path: "/gift-finder/{location}",
  summary: "Gift finder listing: gifts of a location by recipient, personality and price band, with faceted counts",
  request: {
    params: z.object({ location: z.string().max(64).openapi({ example: "london" }) }),
    query: z.object({
      recipient: z.enum(GIFT_RECIPIENTS.map((option) => option.id) as [string, ...string[]]).optional().openapi({ example: "mum" }),
      personality: z.enum(GIFT_PERSONALITIES.map((option) => option.id) as [string, ...string[]]).optional().openapi({ example: "pampered" }),
      price: z.enum(GIFT_PRICE_BANDS.map(String) as [string, ...string[]]).optional().openapi({ example: "20", description: "lower bound of the band, whole pounds/euros" }),
      page: z.coerce.number().int().min(1).max(1000).default(1),
    }),
  },
  responses: {
    200: { description: "Gifts and facets", content: { "application/json": { schema: GiftFinderSchema } } },
    400: { description: "Bad request", content: { "application/json": { schema: ErrorResponseSchema } } },
    404: { description: "Unknown location or page past the last", content: { "application/json": { schema: ErrorResponseSchema } } },
  },
});

/** GET /v1/gift-finder/{location} (spec §7 "GET gift-finder listing | facetedNavigation"). */
export function registerGiftFinderRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(giftFinderRoute, async (c) => {
    const query = c.req.valid("query");
    const finder = await findGifts(c.get("db"), {
      brand: c.get("brand"),
      now: c.get("clock").now(),
      location: c.req.valid("param").location,
      selection: {
        recipient: GIFT_RECIPIENTS.find((option) => option.id === query.recipient) ?? null,
        personality: personalityFromParam(query.personality ?? null) ?? null,
        price: priceBandFromParam(query.price ?? null) ?? null,
      },
      page: query.page,
    });
    const { facetedNavigation, recipients, personalities, priceBands, deals, total, page, pageCount, resultsHeading, canonicalUrl } = finder;
    return c.json({ facetedNavigation, recipients, personalities, priceBands, deals, total, page, pageCount, resultsHeading, canonicalUrl }, 200);
  });
}
