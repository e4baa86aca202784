import { z } from "@hono/zod-openapi";
import type { VoucherDetail } from "../../modules/my-vouchers/voucher-detail";
import { offeredOptions } from "../../modules/my-vouchers/voucher-detail";
import { GIFT_STATES } from "../../modules/my-vouchers/gift-states";
import type { MyVoucher } from "../../modules/my-vouchers/my-vouchers";
import { VOUCHER_FILTERS } from "../../modules/vouchers/voucher-display";

export const VoucherFilterQuery = z.enum(VOUCHER_FILTERS).optional().openapi({ description: "all (default), current or past vouchers" });

export const VoucherSummarySchema = z
  .object({
    id: z.number().int(),
    code: z.string().nullable().openapi({ description: "null until the voucher is available (availableAt)" }),
    availableAt: z.string().openapi({ format: "date-time" }),
    orderId: z.number().int(),
    dealId: z.number().int(),
    dealTitle: z.string(),
    productName: z.string(),
    merchantName: z.string(),
    status: z.string().openapi({ example: "Ready to Redeem" }),
    statusCode: z.string().openapi({ example: "READY_TO_REDEEM" }),
    expiresAt: z.string().openapi({ format: "date-time" }),
    purchasedAt: z.string().openapi({ format: "date-time" }),
    gift: z
      .object({ state: z.enum(Object.keys(GIFT_STATES) as [keyof typeof GIFT_STATES]), text: z.string().openapi({ example: "Gifted" }) })
      .nullable()
      .openapi({ description: "spec §4 display state for the buyer; a gift sent or claimed has no code here" }),
    receivedAsGift: z.boolean().openapi({ description: "a claimed gift the customer holds: the buyer keeps only the 14-day cancellation (docs/decisions/gifts-after-sale-rights.md)" }),
    cancelledReason: z.string().nullable().openapi({ description: "for the holder of a gift its buyer cancelled: why (status then reads Cancelled)" }),
  })
  .openapi("VoucherSummary");

export const VoucherListSchema = z
  .object({
    vouchers: z.array(VoucherSummarySchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    pageCount: z.number().int(),
    total: z.number().int(),
    filter: z.enum(VOUCHER_FILTERS),
  })
  .openapi("VoucherList");

const OptionSchema = z
  .object({
    kind: z.enum(["refund", "credit", "extend", "return"]),
    allowed: z.boolean(),
    until: z.string().nullable().openapi({ description: "deadline when allowed" }),
    reason: z.string().nullable().openapi({ description: "why not, when not allowed" }),
    href: z.string().nullable().openapi({ description: "the page that does it, when allowed" }),
  })
  .openapi("AfterSaleOption");

export const VoucherDetailSchema = VoucherSummarySchema.extend({
  available: z.boolean(),
  protected: z.boolean().openapi({ description: "Deal Protection was bought" }),
  physical: z.boolean(),
  timeline: z.array(z.object({ status: z.string(), text: z.string(), at: z.string().openapi({ format: "date-time" }) })),
  merchant: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  options: z.array(OptionSchema),
}).openapi("VoucherDetail");

export function voucherSummaryBody(voucher: MyVoucher): z.infer<typeof VoucherSummarySchema> {
  return { ...voucher, availableAt: voucher.availableAt.toISOString(), expiresAt: voucher.expiresAt.toISOString(), purchasedAt: voucher.purchasedAt.toISOString() };
}

export function voucherDetailBody(detail: VoucherDetail): z.infer<typeof VoucherDetailSchema> {
  return {
    ...voucherSummaryBody(detail),
    available: detail.available,
    protected: detail.protected,
    physical: detail.physical,
    timeline: detail.timeline.map((step) => ({ status: step.status, text: step.text, at: step.at.toISOString() })),
    merchant: detail.merchant,
    options: offeredOptions(detail).map((option) =>
      option.allowed
        ? { kind: option.kind, allowed: true, until: option.until.toISOString(), reason: null, href: option.href }
        : { kind: option.kind, allowed: false, until: null, reason: option.reason, href: null },
    ),
  };
}
