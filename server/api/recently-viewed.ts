import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { recordId } from "../../lib/input";
import { listRecentlyViewed, recordDealView } from "../../modules/recently-viewed/recently-viewed";
import { recentlyViewedOwner } from "../accounts/visitor-lists";
import type { AppEnv } from "../context";
import { DealListSchema } from "./deal-list-schema";
import { errors, json } from "./account-schemas";


const LocationType = z.enum(["local", "national", "travel"]);

const recordRoute = createRoute({
  method: "post",
  path: "/recently-viewed",
  summary: "Record that the visitor opened a deal",
  request: { body: { required: true, ...json(z.object({ dealId: recordId() })) } },
  responses: { 204: { description: "Recorded" }, default: errors("404: No such deal") },
});

const listRoute = createRoute({
  method: "get",
  path: "/recently-viewed",
  summary: "The visitor's recently viewed deals, most recent first (5 per location type)",
  request: { query: z.object({ locationType: LocationType.optional() }) },
  responses: { 200: { description: "Deals", ...json(z.object({ deals: DealListSchema })) } },
});

export function registerRecentlyViewedRoutes(api: OpenAPIHono<AppEnv>): void {
  api.openapi(recordRoute, async (c) => {
    await recordDealView(c.get("db"), c.get("clock"), {
      owner: recentlyViewedOwner(c.var, true)!,
      countryCode: c.get("brand").countryCode,
      dealId: c.req.valid("json").dealId,
    });
    return c.body(null, 204);
  });

  api.openapi(listRoute, async (c) => {
    const owner = recentlyViewedOwner(c.var, false);
    c.header("cache-control", "private, no-store");
    const deals = owner
      ? await listRecentlyViewed(c.get("db"), { owner, countryCode: c.get("brand").countryCode, locationType: c.req.valid("query").locationType })
      : [];
    return c.json({ deals }, 200);
  });
}
