import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { referralSummary } from "../../modules/referrals/referral-summary";
import type { AppEnv } from "../context";
import { apiError } from "../errors";
import { assignReferral, type Failure, openReferralLink, referralPath, shareReferralLink } from "../referrals/referral-link";
import { notSignedIn, tooManyRequests } from "./account-helpers";
import { errors, json } from "./account-schemas";
import { AssignRequestSchema, AssignResponseSchema, CodeRequestSchema, OpenResponseSchema, RafStatusSchema, ShareRequestSchema, ShareResponseSchema } from "./referral-schemas";

const statusRoute = createRoute({
  method: "get",
  path: "/user/raf/status",
  summary: "Refer a friend (spec §7 'GET user raf status'): the signed-in customer's invitation link, shares and opens, the friends who signed up and their rewards",
  responses: {
    200: { description: "The customer's refer-a-friend state", ...json(RafStatusSchema) },
    default: errors("401 not signed in"),
  },
});

const shareRoute = createRoute({
  method: "post",
  path: "/user/raf/stat/share",
  summary: "Counts one share of the signed-in customer's invitation link (a share button pressed)",
  request: { body: json(ShareRequestSchema) },
  responses: {
    200: { description: "Counted", ...json(ShareResponseSchema) },
    default: errors("400 unknown channel; 401 not signed in; 429 too many shares (Retry-After)"),
  },
});

const openRoute = createRoute({
  method: "post",
  path: "/user/raf/stat/open",
  summary:
    "Follows an invitation link: for a visitor who is not signed in, counts the open (once per client address and link a day) and keeps the code in the referral cookie for their sign-up",
  request: { body: json(CodeRequestSchema) },
  responses: {
    200: { description: "What the link means for this visitor", ...json(OpenResponseSchema) },
    default: errors("404 code not recognised (counts against a guessing limit); 429 too many unrecognised codes (Retry-After)"),
  },
});

const assignRoute = createRoute({
  method: "post",
  path: "/user/raf/assign",
  summary:
    "Legacy /user/raf/assign: makes the signed-in new customer (registered within a day, nothing bought) a referral of the friend whose code they name, or the referral cookie's",
  request: { body: json(AssignRequestSchema) },
  responses: {
    200: { description: "Referred", ...json(AssignResponseSchema) },
    default: errors("401 not signed in; 404 code not recognised; 409 an existing customer, their own code or already referred; 429 too many unrecognised codes"),
  },
});

function failed(c: Context<AppEnv>, failure: Failure) {
  if (failure.retryAfterSeconds !== undefined) return tooManyRequests(c, failure.retryAfterSeconds, failure.message);
  return apiError(c, failure.status, failure.code, failure.message);
}

/** Refer a friend (spec §7 "Referral"): the status, the share and open counters, the legacy assign. */
export function registerReferralRoutes(api: OpenAPIHono<AppEnv>): void {
  api.openapi(statusRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    c.header("cache-control", "private, no-store");
    const summary = await referralSummary(c.get("db"), customer, c.get("clock").now());
    const iso = (date: Date | null) => date?.toISOString() ?? null;
    return c.json(
      {
        ...summary,
        shareUrl: `${c.get("publicOrigin")}${referralPath(summary.code)}`,
        referrals: summary.referrals.map(({ id: _id, ...view }) => ({
          ...view,
          signedUpAt: view.signedUpAt.toISOString(),
          qualifiesAt: iso(view.qualifiesAt),
          rewardedAt: iso(view.rewardedAt),
        })),
      },
      200,
    );
  });

  api.openapi(shareRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    const shared = await shareReferralLink(c.var, customer);
    return shared.ok ? c.json({ shares: shared.shares }, 200) : failed(c, shared.failure);
  });

  api.openapi(openRoute, async (c) => {
    const opened = await openReferralLink(c.var, c.req.valid("json").code);
    if (opened.kind === "failed") return failed(c, opened.failure);
    return c.json({ status: opened.kind, referrerFirstName: opened.kind === "own" ? null : opened.referrerFirstName }, 200);
  });

  api.openapi(assignRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    const assigned = await assignReferral(c.var, customer, c.req.valid("json").code);
    return assigned.ok ? c.json({ status: "SIGNED_UP" as const }, 200) : failed(c, assigned.failure);
  });
}
