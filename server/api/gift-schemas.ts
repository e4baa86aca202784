import { z } from "@hono/zod-openapi";
import { recordId } from "../../lib/input";
import type { GiftView } from "../../modules/gifts/find-gift";

const code = z.string().max(100).openapi({ description: "the gift code, exactly as emailed (case-sensitive)", example: "Xk7pQ2mZrT9bHw3e" });

export const GiftLookupSchema = z.object({ code });

export const GiftClaimSchema = z.object({
  code,
  productId: recordId().optional().openapi({ description: "another option of the deal at the same or a lower price; absent: the one bought" }),
});

export const GiftCreateSchema = z.object({
  voucherId: recordId(),
  recipientName: z.string().max(200),
  recipientEmail: z.string().max(300),
  message: z.string().max(1000).nullable().optional(),
});

export const GiftViewSchema = z
  .object({
    dealTitle: z.string(),
    merchantName: z.string(),
    productId: z.number().int(),
    productName: z.string(),
    fromName: z.string(),
    recipientName: z.string(),
    message: z.string().nullable(),
    currency: z.enum(["GBP", "EUR"]),
    expiresAt: z.string().openapi({ format: "date-time" }),
    options: z.array(z.object({ productId: z.number().int(), name: z.string(), price: z.number().int().openapi({ description: "minor units" }), current: z.boolean() })),
  })
  .openapi("Gift");

export const GiftClaimedSchema = z
  .object({ status: z.literal("CLAIMED"), voucherId: z.number().int(), productName: z.string(), message: z.literal("voucher emailed") })
  .openapi("GiftClaimed");

export const GiftSentSchema = z.object({ status: z.literal("SENT"), voucherId: z.number().int(), recipientEmail: z.string() }).openapi("GiftSent");

export const GiftCancelSchema = z.object({ voucherId: recordId() });
export const GiftCancelledSchema = z.object({ status: z.literal("CANCELLED"), voucherId: z.number().int() }).openapi("GiftCancelled");

/** The gift without its code: the caller sent it, and answers are not where codes should echo. */
export function giftBody(gift: GiftView): z.infer<typeof GiftViewSchema> {
  const { code: _code, ...shown } = gift;
  return { ...shown, expiresAt: gift.expiresAt.toISOString() };
}
