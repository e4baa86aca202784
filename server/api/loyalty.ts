import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { type ActivityEvent, earnActivityPoints } from "../../modules/loyalty/earn-activity-points";
import { exchangePoints } from "../../modules/loyalty/exchange-points";
import { loyaltySummary } from "../../modules/loyalty/loyalty-summary";
import type { AppEnv } from "../context";
import { checkRateLimit } from "../security/rate-limits";
import { notSignedIn, rateLimitedResponse } from "./account-helpers";
import { errors, json } from "./account-schemas";
import {
  activityResponse,
  ActivityResponseSchema,
  BulkEventsBodySchema,
  ExchangeBodySchema,
  ExchangeParamsSchema,
  exchangeResponse,
  ExchangeResponseSchema,
  LegacyExchangeBodySchema,
  LoyaltySummarySchema,
  ShareDealBodySchema,
  SummaryQuerySchema,
  summaryResponse,
  ViewDealBodySchema,
} from "./loyalty-schemas";

const summaryRoute = (path: string, legacy: boolean) =>
  createRoute({
    method: "get",
    path,
    summary: legacy ? "Legacy alias of GET /loyalty/summary" : "The signed-in shopper's Club standing (spec §3 Loyalty): level, points, lifetime points, what is exchangeable, activity",
    request: { query: SummaryQuerySchema },
    responses: { 200: { description: "The Club summary", ...json(LoyaltySummarySchema) }, default: errors("401 not signed in") },
  });

const EXCHANGE_ERRORS = "400 'Please select a number between 1 and {max} to exchange your points.'; 401 not signed in; 403 Pink level (reach the next level to exchange); 409 'You don't have enough points'; 429 too many";

const exchangeRoute = createRoute({
  method: "post",
  path: "/loyalty/exchange/{requestId}",
  summary: "Exchange Club points for wallet credit (Bronze and above): points × the level's rate, to the penny. The request id makes it idempotent",
  request: { params: ExchangeParamsSchema, body: json(ExchangeBodySchema) },
  responses: { 200: { description: "The credit added (or, repeated, the first exchange's)", ...json(ExchangeResponseSchema) }, default: errors(EXCHANGE_ERRORS) },
});

const legacyExchangeRoute = createRoute({
  method: "post",
  path: "/reward/exchange-points",
  summary: "Legacy alias of POST /loyalty/exchange/{requestId}, with the request id in the body",
  request: { body: json(LegacyExchangeBodySchema) },
  responses: { 200: { description: "The credit added", ...json(ExchangeResponseSchema) }, default: errors(EXCHANGE_ERRORS) },
});

const activityRoute = (path: string, kind: "share" | "view" | "bulk", legacy: boolean) =>
  createRoute({
    method: "post",
    path,
    summary:
      (legacy ? "Legacy: " : "") +
      (kind === "share"
        ? "Club points for sharing deals: [{dealId, publisherSource}] (once per deal, a few a day)"
        : kind === "view"
          ? "Club points for viewing deals: [{dealId, locationSite}] (once per deal a day, a few a day)"
          : "Club shares and views in one call"),
    request: { body: json(kind === "share" ? ShareDealBodySchema : kind === "view" ? ViewDealBodySchema : BulkEventsBodySchema) },
    responses: { 200: { description: "What each event earned", ...json(ActivityResponseSchema) }, default: errors("401 not signed in; 429 too many") },
  });

type ActivityBody = { dealId: number; publisherSource?: string | null; locationSite?: string | null; eventType?: "SHARE_DEAL" | "VIEW_DEAL" }[];

function activityEvents(kind: "share" | "view" | "bulk", body: ActivityBody): ActivityEvent[] {
  return body.map((event) => {
    const eventKind = kind === "bulk" ? (event.eventType === "SHARE_DEAL" ? "share" : "view") : kind;
    return { kind: eventKind, dealId: event.dealId, source: eventKind === "share" ? event.publisherSource : event.locationSite };
  });
}

/** The Club (spec §7 Wallet, gift and rewards: loyalty calls), for the signed-in shopper only. */
export function registerLoyaltyRoutes(api: OpenAPIHono<AppEnv>): void {
  for (const [path, legacy] of [
    ["/loyalty/summary", false],
    ["/reward/details", true],
  ] as const) {
    api.openapi(summaryRoute(path, legacy), async (c) => {
      const customer = c.get("customer");
      if (!customer) return notSignedIn(c);
      c.header("cache-control", "private, no-store");
      const summary = await loyaltySummary(c.get("db"), customer.id, { now: c.get("clock").now(), countryCode: c.get("brand").countryCode, page: c.req.valid("query").page });
      return c.json(summaryResponse(summary, c.get("brand").currency), 200);
    });
  }

  const exchange = async (c: Context<AppEnv>, requestId: string, points: number) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    const limited = rateLimitedResponse(c, await checkRateLimit(c.var, "loyaltyExchange", customer.email));
    if (limited) return limited;
    const result = await exchangePoints(c.get("db"), { customerId: customer.id, requestId, points, currency: c.get("brand").currency, now: c.get("clock").now() });
    return c.json(exchangeResponse(result), 200);
  };
  api.openapi(exchangeRoute, (c) => exchange(c, c.req.valid("param").requestId, c.req.valid("json").points));
  api.openapi(legacyExchangeRoute, (c) => {
    const body = c.req.valid("json");
    return exchange(c, body.requestId, body.points);
  });

  for (const [path, kind, legacy] of [
    ["/loyalty/shareDeal", "share", false],
    ["/loyalty/viewDeal", "view", false],
    ["/reward/shareDeal", "share", true],
    ["/reward/viewDeal", "view", true],
    ["/reward/bulkPublishEvents", "bulk", true],
  ] as const) {
    api.openapi(activityRoute(path, kind, legacy), async (c) => {
      const customer = c.get("customer");
      if (!customer) return notSignedIn(c);
      const limited = rateLimitedResponse(c, await checkRateLimit(c.var, "loyaltyActivity", customer.email));
      if (limited) return limited;
      const results = await earnActivityPoints(c.get("db"), {
        customerId: customer.id,
        countryCode: c.get("brand").countryCode,
        now: c.get("clock").now(),
        events: activityEvents(kind, c.req.valid("json") as ActivityBody),
      });
      return c.json(activityResponse(results), 200);
    });
  }
}
