import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { recordId } from "../../lib/input";
import { recordSponsoredEvents } from "../../modules/sponsored/record-events";
import { ensureSearchSession } from "../../modules/sponsored/search-session";
import type { AppEnv } from "../context";
import { ErrorResponseSchema } from "./errors";

const errorContent = { "application/json": { schema: ErrorResponseSchema } };

// The spec's "user object": both fields are sent, null for a guest or a first search.
const SessionUserSchema = z
  .object(
    {
      customerToken: z.string().max(200).nullable().optional(),
      sessionId: z.string().max(64).nullable().optional(),
    },
    { error: "user object was not passed" },
  )
  .openapi("SearchSessionUser");

const createSessionRoute = createRoute({
  method: "post",
  path: "/sponsored/customer",
  summary: "Create (or keep) the shopper's search session for sponsored placements",
  request: { body: { required: false, content: { "application/json": { schema: SessionUserSchema } } } },
  responses: {
    200: { description: "The session", content: { "application/json": { schema: z.object({ sessionId: z.string() }) } } },
    400: { description: "No user object", content: errorContent },
  },
});

const SponsoredEventsSchema = z
  .object({
    adIds: z.array(z.string().min(1).max(64)).min(1).max(50),
    dealIds: z.array(recordId()).min(1).max(50),
    sessionId: z.string().min(1).max(64),
    type: z.enum(["click", "impression"]),
  })
  .refine((body) => body.adIds.length === body.dealIds.length, {
    message: "adIds and dealIds must pair up (same length)",
    path: ["dealIds"],
  })
  .openapi("SponsoredEvents");

const recordEventsRoute = createRoute({
  method: "post",
  path: "/sponsored/impressionAndClick",
  summary: "Record impressions or clicks of sponsored search results (once per session and placement)",
  request: { body: { required: true, content: { "application/json": { schema: SponsoredEventsSchema } } } },
  responses: {
    200: { description: "Recorded", content: { "application/json": { schema: z.object({ recorded: z.number().int() }) } } },
    400: { description: "Bad body", content: errorContent },
    404: { description: "Unknown session or placement", content: errorContent },
  },
});

/** Both routes change state: like every /v1 write they need the CSRF header (server/security/csrf.ts). */
export function registerSponsoredRoutes(api: OpenAPIHono<AppEnv>): void {
  api.openapi(createSessionRoute, async (c) => {
    const body = c.req.valid("json");
    const hasUser = "customerToken" in body || "sessionId" in body;
    // Only the signed-in customer's own token is linked; a token the caller merely claims is not.
    const customerToken = c.get("customer")?.customerToken ?? null;
    const sessionId = await ensureSearchSession(c.get("db"), c.get("clock"), hasUser ? { customerToken, sessionId: body.sessionId ?? null } : null);
    return c.json({ sessionId }, 200);
  });

  api.openapi(recordEventsRoute, async (c) => {
    const result = await recordSponsoredEvents(c.get("db"), c.get("clock"), c.req.valid("json"));
    return c.json(result, 200);
  });
}
