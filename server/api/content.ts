/** Content API: static pages by slug and the home page scroller configuration. */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { getCookie } from "hono/cookie";
import { findLocation } from "../../modules/catalog/locations";
import { listCollectionDeals } from "../../modules/catalog/listing/list-collection-deals";
import { getContentPage } from "../../modules/content/pages";
import { ContentError } from "../../modules/content/errors";
import { listScrollerConfiguration } from "../../modules/content/scrollers";
import { BRANDS, isBrandId } from "../../lib/brand";
import type { AppEnv } from "../context";
import { DealTileSchema } from "./catalog-schemas";
import { apiError } from "../errors";
import { ErrorResponseSchema } from "./errors";

const StaticPageSchema = z
  .object({
    slug: z.string(),
    kind: z.enum(["page", "guide", "editorial"]),
    displayName: z.string(),
    description: z.string(),
    text: z.string(),
    additionalText: z.string().nullable(),
    dealsFeed: z.object({ specialTag: z.string().optional(), category: z.string().optional(), dealType: z.enum(["local", "national", "travel"]).optional(), pageSize: z.number().int() }).nullable(),
    listicleView: z.boolean(),
    listicleDeals: z.array(DealTileSchema),
    redirectUrl: z.string().nullable(),
    updatedAt: z.string(),
  })
  .openapi("StaticPage");

const ScrollerConfigSchema = z
  .object({
    siteLocation: z.string().nullable(),
    pageLocation: z.string(),
    specialSearchTag: z.string().nullable(),
    searchTerm: z.string().nullable(),
    location: z.string().nullable(),
    category: z.string().nullable(),
    subCategory: z.string().nullable(),
    backgroundImage: z.string().nullable(),
    ctaLabel: z.string().nullable(),
    ctaLink: z.string().nullable(),
    header: z.string(),
    subHeader: z.string().nullable(),
  })
  .openapi("ScrollerConfig");

const errors = {
  400: { description: "Bad request", content: { "application/json": { schema: ErrorResponseSchema } } },
  404: { description: "Not found", content: { "application/json": { schema: ErrorResponseSchema } } },
};

const staticPage = createRoute({
  method: "get",
  path: "/staticpage",
  summary: "A content page by slug (aboutus, faqs, guides/holiday-deals, …)",
  request: { query: z.object({ slug: z.string().min(1).max(120).openapi({ example: "aboutus" }) }) },
  responses: { 200: { description: "The page", content: { "application/json": { schema: StaticPageSchema } } }, ...errors },
});

const scrollerConfiguration = createRoute({
  method: "get",
  path: "/content/scroller-configuration",
  summary: "Home page scrollers of a brand",
  request: { query: z.object({ brand: z.string().max(32).optional().openapi({ example: "wowcher" }) }) },
  responses: { 200: { description: "Scroller entries", content: { "application/json": { schema: z.array(ScrollerConfigSchema) } } }, ...errors },
});

export function registerContentRoutes(api: OpenAPIHono<AppEnv>): void {
  api.openapi(staticPage, async (c) => {
    const { slug } = c.req.valid("query");
    const db = c.get("db");
    const brand = c.get("brand");
    const page = await getContentPage(db, slug, brand);
    if (!page) throw new ContentError("PAGE_NOT_FOUND");
    let listicleDeals: Awaited<ReturnType<typeof listCollectionDeals>> = [];
    if (page.dealsFeed) {
      const location = (await findLocation(db, brand.countryCode, getCookie(c, "location") ?? "")) ?? (await findLocation(db, brand.countryCode, brand.defaultLocationSlug));
      if (location) {
        listicleDeals = await listCollectionDeals(db, {
          countryCode: brand.countryCode,
          now: c.get("clock").now(),
          locationId: location.id,
          specialTag: page.dealsFeed.specialTag,
          category: page.dealsFeed.category,
          dealType: page.dealsFeed.dealType,
          limit: page.dealsFeed.pageSize,
        });
      }
    }
    return c.json({ ...page, listicleDeals }, 200);
  });

  api.openapi(scrollerConfiguration, async (c) => {
    const requested = c.req.valid("query").brand;
    if (requested !== undefined && !isBrandId(requested)) return apiError(c, 400, "VALIDATION_ERROR", `brand must be one of ${Object.keys(BRANDS).join(", ")}`);
    const brand = requested ?? c.get("brand").id;
    return c.json(await listScrollerConfiguration(c.get("db"), brand), 200);
  });
}
