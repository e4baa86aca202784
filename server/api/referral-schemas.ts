import { z } from "@hono/zod-openapi";

export const SHARE_CHANNELS = ["email", "whatsapp", "facebook", "x", "copy"] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number];

const currency = z.enum(["GBP", "EUR"]);
const instant = z.string().openapi({ example: "2026-12-08T00:00:00.000Z" });

export const ShareRequestSchema = z
  .object({ channel: z.enum(SHARE_CHANNELS).openapi({ description: "The share button pressed" }) })
  .openapi("RafShareRequest");

export const ShareResponseSchema = z.object({ shares: z.number().int().openapi({ description: "Times the link has been shared" }) }).openapi("RafShareCounted");

export const CodeRequestSchema = z.object({ code: z.string().max(100).openapi({ description: "The invitation code (the last part of the link)", example: "7KQ2ZMPX9W" }) }).openapi("RafCode");

export const AssignRequestSchema = z
  .object({ code: z.string().max(100).optional().openapi({ description: "The invitation code; without it, the one the referral cookie holds" }) })
  .openapi("RafAssignRequest");

export const OpenResponseSchema = z
  .object({
    status: z.enum(["invited", "own", "existing"]).openapi({ description: "invited: a visitor who may sign up through it (the open counted); own: the signed-in referrer's own link; existing: a signed-in customer, who cannot be referred" }),
    referrerFirstName: z.string().nullable(),
  })
  .openapi("RafOpened");

export const AssignResponseSchema = z.object({ status: z.literal("SIGNED_UP") }).openapi("RafAssigned");

export const RafStatusSchema = z
  .object({
    code: z.string(),
    shareUrl: z.string().openapi({ description: "Absolute, on the brand's public origin", example: "https://www.wowcher.co.uk/refer/7KQ2ZMPX9W" }),
    shares: z.number().int(),
    opens: z.number().int(),
    rewardAmount: z.number().int().openapi({ description: "What a friend's first order earns, minor units" }),
    currency,
    earned: z.number().int().openapi({ description: "Rewards received so far, minor units" }),
    referrals: z.array(
      z.object({
        friendName: z.string().openapi({ example: "Bea S." }),
        status: z.enum(["SIGNED_UP", "QUALIFYING", "REWARDED", "VOID"]),
        signedUpAt: instant,
        qualifiesAt: instant.nullable().openapi({ description: "QUALIFYING: when the reward is due if the first order is not refunded" }),
        rewardedAt: instant.nullable(),
        rewardAmount: z.number().int().nullable(),
        currency,
        voidReason: z.enum(["DUPLICATE_ACCOUNT", "FIRST_ORDER_REFUNDED", "REFERRER_CLOSED"]).nullable(),
      }),
    ),
  })
  .openapi("RafStatus");
