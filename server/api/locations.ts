import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { listLocations } from "../../modules/catalog/locations";
import { lookupSite } from "../../modules/catalog/site-lookup";
import type { AppEnv } from "../context";
import { apiError } from "../errors";
import { errors } from "./account-schemas";

export const LocationSchema = z
  .object({
    id: z.number().int().openapi({ example: 275850 }),
    name: z.string().openapi({ example: "London" }),
    shortName: z.string().openapi({ example: "london" }),
    brand: z.string().openapi({ example: "wowcher" }),
    countryCode: z.enum(["GB", "IE"]),
    latLon: z.object({ lat: z.number(), lon: z.number() }),
  })
  .openapi("Location");

const listLocationsRoute = createRoute({
  method: "get",
  path: "/location",
  summary: "Locations of the requesting brand's market",
  responses: {
    200: { description: "Locations", content: { "application/json": { schema: z.array(LocationSchema) } } },
  },
});

const SiteLookupSchema = z
  .object({
    site: z.string().openapi({ example: "vip" }),
    vip: z.boolean().openapi({ description: "The VIP site: pages asked for with ?site= this switch to the VIP theme" }),
    location: z.object({ id: z.number().int(), name: z.string(), shortName: z.string() }).nullable(),
  })
  .openapi("SiteLookup");

const siteLookupRoute = createRoute({
  method: "get",
  path: "/location/site/{site}",
  summary: "Location lookup by site (discovery §7): a location of the market, the VIP site or the wellness collection, with the vip flag",
  request: { params: z.object({ site: z.string().max(64).openapi({ example: "vip" }) }) },
  responses: {
    200: { description: "The site", content: { "application/json": { schema: SiteLookupSchema } } },
    default: errors("404 no such site"),
  },
});

export function registerLocationRoutes(api: OpenAPIHono<AppEnv>): void {
  api.openapi(siteLookupRoute, async (c) => {
    const found = await lookupSite(c.get("db"), c.get("brand").countryCode, c.req.valid("param").site);
    if (!found) return apiError(c, 404, "SITE_NOT_FOUND", "Page not found");
    return c.json(found, 200);
  });
  api.openapi(listLocationsRoute, async (c) => {
    const brand = c.get("brand");
    const rows = await listLocations(c.get("db"), brand.countryCode);
    return c.json(
      rows.map((location) => ({
        id: location.id,
        name: location.name,
        shortName: location.shortName,
        brand: brand.id,
        countryCode: location.countryCode,
        latLon: { lat: location.lat, lon: location.lon },
      })),
      200,
    );
  });
}
