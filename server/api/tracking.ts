import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { recordId } from "../../lib/input";
import { recordDealImpressions } from "../../modules/tracking/record-deal-impressions";
import type { AppEnv } from "../context";
import { ErrorResponseSchema } from "./errors";

/** The client flushes at 50; allow some slack for a queue emptied on page unload. */
const MAX_IMPRESSIONS_PER_CALL = 100;

const impressionsRoute = createRoute({
  method: "post",
  path: "/deal/{location}/impressions",
  summary: "Count deal tiles a shopper saw in full (aggregated per deal and day)",
  request: {
    params: z.object({ location: z.string().max(64) }),
    body: {
      required: true,
      content: { "application/json": { schema: z.array(recordId()).max(MAX_IMPRESSIONS_PER_CALL) } },
    },
  },
  responses: {
    200: { description: "Counted", content: { "application/json": { schema: z.object({ recorded: z.number().int() }) } } },
    400: { description: "Missing location or bad body", content: { "application/json": { schema: ErrorResponseSchema } } },
  },
});

/** A write: like every /v1 write it needs the CSRF header (server/security/csrf.ts). */
export function registerTrackingRoutes(api: OpenAPIHono<AppEnv>): void {
  api.openapi(impressionsRoute, async (c) => {
    const result = await recordDealImpressions(c.get("db"), c.get("clock"), {
      countryCode: c.get("brand").countryCode,
      location: c.req.valid("param").location,
      dealIds: c.req.valid("json"),
    });
    return c.json(result, 200);
  });
}
