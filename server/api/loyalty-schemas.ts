import { z } from "@hono/zod-openapi";
import { recordId } from "../../lib/input";
import type { ActivityResult } from "../../modules/loyalty/earn-activity-points";
import type { PointsExchange } from "../../modules/loyalty/exchange-points";
import type { LoyaltySummary } from "../../modules/loyalty/loyalty-summary";

const Level = z.enum(["Pink", "Bronze", "Silver", "Gold", "Platinum"]);
const Currency = z.enum(["GBP", "EUR"]);

export const SummaryQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).optional().openapi({ description: "activity page, 1-based, default 1 (20 a page)" }) });

/** Spec §3 Loyalty: currentLevel, lifetimePoints, nextLevel, pointsToNextLevel, exchangeRate, currentPoints, loyaltyActivityDescriptions, playerActivityCountVO.points. */
export const LoyaltySummarySchema = z
  .object({
    currentLevel: Level,
    lifetimePoints: z.number().int(),
    nextLevel: Level.nullable().openapi({ description: "null at Platinum" }),
    pointsToNextLevel: z.number().int(),
    exchangeRate: z.number().openapi({ description: "wallet credit per point in major units (0.0125 = 1.25p a point); 0 at Pink, which cannot exchange" }),
    currentPoints: z.number().int(),
    canExchange: z.boolean().openapi({ description: "Bronze and above" }),
    maxExchangeablePoints: z.number().int().openapi({ description: "all current points from Bronze up, else 0" }),
    currency: Currency.openapi({ description: "the brand's: the credit an exchange adds" }),
    expiresNext: z.object({ points: z.number().int(), at: z.string() }).nullable(),
    loyaltyActivityDescriptions: z.array(
      z.object({
        id: z.number().int(),
        kind: z.enum(["purchase", "share", "view", "exchange", "expiry"]),
        kindLabel: z.string(),
        description: z.string(),
        points: z.number().int().openapi({ description: "negative when exchanged or expired" }),
        createdAt: z.string(),
        expiresAt: z.string().nullable(),
        remaining: z.number().int().nullable(),
        creditAmount: z.number().int().nullable().openapi({ description: "exchanges: minor units of wallet credit" }),
        currency: Currency.nullable(),
      }),
    ),
    playerActivityCountVO: z.object({
      points: z.number().int().openapi({ description: "points earned today by sharing and viewing deals" }),
      maxPointsPerDay: z.number().int(),
    }),
    page: z.number().int(),
    pageCount: z.number().int(),
    total: z.number().int(),
  })
  .openapi("LoyaltySummary");

export function summaryResponse(summary: LoyaltySummary, currency: "GBP" | "EUR"): z.infer<typeof LoyaltySummarySchema> {
  return {
    currentLevel: summary.currentLevel,
    lifetimePoints: summary.lifetimePoints,
    nextLevel: summary.nextLevel,
    pointsToNextLevel: summary.pointsToNextLevel,
    exchangeRate: summary.exchangeRate,
    currentPoints: summary.currentPoints,
    canExchange: summary.canExchange,
    maxExchangeablePoints: summary.maxExchangeablePoints,
    currency,
    expiresNext: summary.expiresNext,
    loyaltyActivityDescriptions: summary.activity.entries.map(({ voucherId: _voucherId, ...entry }) => entry),
    playerActivityCountVO: { points: summary.activityPointsToday, maxPointsPerDay: summary.activityPointsPerDay },
    page: summary.activity.page,
    pageCount: summary.activity.pageCount,
    total: summary.activity.total,
  };
}

const Points = z.number().int().min(1).max(10_000_000).openapi({ description: "how many points to exchange" });
const RequestId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "The request id must be 8 to 64 letters, digits, dashes or underscores.")
  .openapi({ description: "the client's id for this exchange (e.g. a UUID): a retry with it answers the first exchange" });

export const ExchangeParamsSchema = z.object({ requestId: RequestId });
export const ExchangeBodySchema = z.object({ points: Points });
export const LegacyExchangeBodySchema = z.object({ points: Points, requestId: RequestId });

export const ExchangeResponseSchema = z
  .object({
    pointsExchanged: z.number().int(),
    creditAmount: z.number().int().openapi({ description: "minor units of marketing wallet credit added" }),
    currency: Currency,
    exchangedAt: z.string(),
    repeated: z.boolean().openapi({ description: "true when this request id had already exchanged: nothing moved again" }),
  })
  .openapi("LoyaltyExchange");

export function exchangeResponse(exchange: PointsExchange): z.infer<typeof ExchangeResponseSchema> {
  return { pointsExchanged: exchange.points, creditAmount: exchange.credit, currency: exchange.currency, exchangedAt: exchange.at.toISOString(), repeated: !exchange.firstTime };
}

const Source = z.string().trim().max(60).nullish();

/** Spec §7: POST shareDeal [{dealId, publisherSource}]. */
export const ShareDealBodySchema = z.array(z.object({ dealId: recordId(), publisherSource: Source.openapi({ description: "facebook, twitter, whatsapp, email…" }) })).min(1).max(10);
/** Spec §7: POST viewDeal [{dealId, locationSite}]. */
export const ViewDealBodySchema = z.array(z.object({ dealId: recordId(), locationSite: Source.openapi({ description: "where the deal was seen" }) })).min(1).max(10);
/** The legacy /reward/bulkPublishEvents: shares and views in one call. */
export const BulkEventsBodySchema = z
  .array(z.object({ eventType: z.enum(["SHARE_DEAL", "VIEW_DEAL"]), dealId: recordId(), publisherSource: Source, locationSite: Source }))
  .min(1)
  .max(20);

export const ActivityResponseSchema = z
  .object({
    pointsEarned: z.number().int(),
    results: z.array(
      z.object({
        dealId: z.number().int(),
        kind: z.enum(["share", "view"]),
        outcome: z.enum(["earned", "already earned", "daily limit", "unknown deal"]),
        points: z.number().int(),
      }),
    ),
  })
  .openapi("LoyaltyActivityResult");

export function activityResponse(results: readonly ActivityResult[]): z.infer<typeof ActivityResponseSchema> {
  return { pointsEarned: results.reduce((sum, result) => sum + result.points, 0), results: [...results] };
}
