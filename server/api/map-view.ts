/** GET /v1/map-view/deals: the map view's pins (a location's local deals at their merchants' addresses). */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { getCookie } from "hono/cookie";
import { CatalogError } from "../../modules/catalog/errors";
import { listMapDeals } from "../../modules/catalog/listing/list-map-deals";
import { findLocation } from "../../modules/catalog/locations";
import type { AppEnv } from "../context";
import { DealTileSchema } from "./catalog-schemas";
import { ErrorResponseSchema } from "./errors";

const MapPlaceSchema = z
  .object({
    id: z.number().int(),
    lat: z.number().openapi({ example: 51.5136 }),
    lon: z.number().openapi({ example: -0.1318 }),
    title: z.string().openapi({ example: "The Olive Tree" }),
    area: z.string().openapi({ example: "Soho" }),
    address: z.string().openapi({ example: "12 Dean Street, Soho, London, W1D 3RB" }),
    dealIds: z.array(z.number().int()),
  })
  .openapi("MapPlace");

const MapViewDealsSchema = z
  .object({
    location: z.object({ id: z.number().int(), name: z.string(), shortName: z.string(), latLon: z.object({ lat: z.number(), lon: z.number() }) }),
    places: z.array(MapPlaceSchema),
    deals: z.array(DealTileSchema.extend({ placeId: z.number().int() })),
  })
  .openapi("MapViewDeals");

const mapViewDealsRoute = createRoute({
  method: "get",
  path: "/map-view/deals",
  summary: "A location's local deals that can be bought now, placed at their merchants' main addresses (the map view's pins)",
  request: {
    query: z.object({
      location: z
        .string()
        .regex(/^[a-z0-9-]{1,64}$/i, "location must be a location's short name, e.g. london")
        .optional()
        .openapi({ description: "Default: the visitor's remembered location (cookie), else the brand's", example: "london" }),
    }),
  },
  responses: {
    200: { description: "Places and their deals", content: { "application/json": { schema: MapViewDealsSchema } } },
    400: { description: "Bad request", content: { "application/json": { schema: ErrorResponseSchema } } },
    404: { description: "No such location in this market", content: { "application/json": { schema: ErrorResponseSchema } } },
  },
});

export function registerMapViewRoutes(api: OpenAPIHono<AppEnv>): void {
  api.openapi(mapViewDealsRoute, async (c) => {
    const { db, brand, clock } = { db: c.get("db"), brand: c.get("brand"), clock: c.get("clock") };
    const asked = c.req.valid("query").location;
    const remembered = getCookie(c, "location");
    const location =
      (asked ? await findLocation(db, brand.countryCode, asked) : null) ??
      (!asked && remembered ? await findLocation(db, brand.countryCode, remembered) : null) ??
      (!asked ? await findLocation(db, brand.countryCode, brand.defaultLocationSlug) : null);
    if (!location) throw new CatalogError("LOCATION_NOT_FOUND");
    const { deals, places } = await listMapDeals(db, { countryCode: brand.countryCode, locationId: location.id, now: clock.now() });
    return c.json({ location: { id: location.id, name: location.name, shortName: location.shortName, latLon: { lat: location.lat, lon: location.lon } }, places, deals }, 200);
  });
}
