import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { listLocations } from "../../modules/catalog/locations";
import type { AppEnv } from "../context";

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

export function registerLocationRoutes(api: OpenAPIHono<AppEnv>): void {
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
