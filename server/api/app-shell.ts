/**
 * The app shell's calls after hydration (cached pages stay the same for everybody): A/B
 * assignment and exposure logging, and the marketing lightbox's subscription check.
 * docs/decisions/app-shell-ab-tests.md, docs/decisions/app-shell-lightboxes.md.
 */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { findCustomerByToken } from "../../modules/accounts/customers";
import { isSubscribed } from "../../modules/accounts/newsletter";
import { AB_COOKIE_MAX_AGE_SECONDS, assignVariants, EXPERIMENT_NAMES, type ExperimentName } from "../../modules/experiments/assign";
import { recordExposures, visitorExposures } from "../../modules/experiments/record-exposure";
import { randomToken } from "../../modules/security/tokens";
import { CUSTOMER_TOKEN_COOKIE } from "../accounts/sign-in";
import type { AppEnv } from "../context";
import { checkRateLimit } from "../security/rate-limits";
import { rateLimitedResponse } from "./account-helpers";
import { errors, json } from "./account-schemas";

/** The browser's random A/B visitor id (365 days, like the variants' cookies). */
export const AB_VISITOR_COOKIE = "ab_id";

/** The browser's visitor id when it has a well-formed one (fraud review's velocity rules count by it too). */
export function visitorIdOf(cookies: { get(name: string): string | undefined | null }): string | null {
  const visitorId = cookies.get(AB_VISITOR_COOKIE);
  return visitorId && visitorId.length <= 64 ? visitorId : null;
}
/** Set by the marketing lightbox when closed or answered (the browser writes it; 30 days). */
export const MARKETING_LIGHTBOX_COOKIE = "mkt_lightbox";
/** Affiliate arrivals (spec: "source 365 days (affiliate 30)"): no marketing lightbox for them. */
const AFFILIATE_COOKIES = ["source", "affiliate"];

const TestName = z.enum(EXPERIMENT_NAMES as [ExperimentName, ...ExperimentName[]]);
const AssignmentSchema = z.object({ test: TestName, variant: z.string() });

const exposureRoute = createRoute({
  method: "post",
  path: "/experiments/exposures",
  summary: "The visitor's variants of the tests a page shows (from their cookies), each exposure logged",
  request: { body: { required: true, ...json(z.object({ tests: z.array(TestName).min(1).max(EXPERIMENT_NAMES.length) })) } },
  responses: {
    200: { description: "Variants", ...json(z.object({ assignments: z.array(AssignmentSchema) })) },
    default: errors("400: unknown test; 429: Too many requests"),
  },
});

const mineRoute = createRoute({
  method: "get",
  path: "/experiments/exposures",
  summary: "This browser's own exposure log (tests, variants, counts)",
  responses: {
    200: {
      description: "Exposures",
      ...json(z.object({ exposures: z.array(z.object({ test: z.string(), variant: z.string(), exposures: z.number().int(), firstSeenAt: z.string(), lastSeenAt: z.string() })) })),
    },
  },
});

const marketingRoute = createRoute({
  method: "get",
  path: "/marketing-lightbox",
  summary: "The subscription check: whether to offer the deals newsletter lightbox to this visitor",
  responses: { 200: { description: "Answer", ...json(z.object({ offer: z.boolean() })) } },
});

export function registerAppShellRoutes(api: OpenAPIHono<AppEnv>): void {
  api.openapi(exposureRoute, async (c) => {
    const limited = rateLimitedResponse(c, await checkRateLimit(c.var, "abExposure"));
    if (limited) return limited;
    const cookies = c.get("cookies");
    const assignments = assignVariants(c.req.valid("json").tests, { cookie: (name) => cookies.get(name) });
    let visitorId = cookies.get(AB_VISITOR_COOKIE);
    if (!visitorId || visitorId.length > 64) {
      visitorId = randomToken(18);
      cookies.set(AB_VISITOR_COOKIE, visitorId, { maxAgeSeconds: AB_COOKIE_MAX_AGE_SECONDS });
    }
    await recordExposures(c.get("db"), c.get("clock"), { visitorId, brand: c.get("brand").id, assignments });
    c.header("cache-control", "private, no-store");
    return c.json({ assignments }, 200);
  });

  api.openapi(mineRoute, async (c) => {
    const visitorId = c.get("cookies").get(AB_VISITOR_COOKIE);
    const rows = visitorId ? await visitorExposures(c.get("db"), visitorId) : [];
    c.header("cache-control", "private, no-store");
    return c.json(
      { exposures: rows.map((row) => ({ ...row, firstSeenAt: row.firstSeenAt.toISOString(), lastSeenAt: row.lastSeenAt.toISOString() })) },
      200,
    );
  });

  api.openapi(marketingRoute, async (c) => {
    c.header("cache-control", "private, no-store");
    const cookies = c.get("cookies");
    if (cookies.get(MARKETING_LIGHTBOX_COOKIE) || AFFILIATE_COOKIES.some((name) => cookies.get(name))) return c.json({ offer: false }, 200);
    const db = c.get("db");
    // Already on the list: the signed-in customer, or the customer an email link named.
    const customer = c.get("customer");
    const token = cookies.get(CUSTOMER_TOKEN_COOKIE);
    const known = customer ?? (token ? await findCustomerByToken(db, c.get("brand").id, token) : null);
    const subscribed = known !== null && (await isSubscribed(db, c.get("brand").id, known.email));
    return c.json({ offer: !subscribed }, 200);
  });
}
