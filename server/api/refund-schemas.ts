import { z } from "@hono/zod-openapi";
import { recordId } from "../../lib/input";
import { EXTENSION_MAX_MONTHS } from "../../modules/refunds/after-sale-options";
import type { CreditExchangeResult } from "../../modules/refunds/exchange-for-credit";
import type { ExtendableVoucher } from "../../modules/refunds/extendable-vouchers";
import type { ExtensionResult } from "../../modules/refunds/extend-protected-voucher";
import type { RefundResult } from "../../modules/refunds/refund-voucher";

export const RefundRequestSchema = z.object({
  voucherId: recordId(),
  destination: z.enum(["original", "wallet"]).openapi({ description: "original: the card part back to the payment method; wallet: all of it as wallet credit, at once" }),
});

export const RefundResponseSchema = z
  .object({
    voucherId: z.number().int(),
    status: z.literal("REFUNDED"),
    destination: z.enum(["original", "wallet"]),
    currency: z.enum(["GBP", "EUR"]),
    cardAmount: z.number().int().openapi({ description: "minor units back to the payment method" }),
    refundableCredit: z.number().int().openapi({ description: "minor units added to the wallet as refundable credit" }),
    marketingCredit: z.number().int().openapi({ description: "minor units added to the wallet as marketing credit" }),
    paidWith: z.object({ method: z.string(), cardType: z.string().nullable(), last4: z.string().nullable() }).nullable(),
    cardRefund: z.enum(["pending", "succeeded", "failed"]).nullable().openapi({ description: "the gateway's part: pending until it answers (retried)" }),
    refundedAt: z.string(),
    repeated: z.boolean().openapi({ description: "true when the voucher had already been refunded: nothing moved again" }),
  })
  .openapi("VoucherRefund");

export function refundResponse(result: RefundResult): z.infer<typeof RefundResponseSchema> {
  const { firstTime, refundedAt, ...rest } = result;
  return { ...rest, status: "REFUNDED", refundedAt: refundedAt.toISOString(), repeated: !firstTime };
}

export const CreditRequestSchema = z.object({ voucherId: recordId() });

export const CreditResponseSchema = z
  .object({
    voucherId: z.number().int(),
    status: z.enum(["CREDIT_REQUESTED", "REQUEST_PROCESSED"]),
    amount: z.number().int().openapi({ description: "minor units of wallet credit" }),
    repeated: z.boolean(),
  })
  .openapi("VoucherCreditExchange");

export function creditResponse(result: CreditExchangeResult): z.infer<typeof CreditResponseSchema> {
  return { voucherId: result.voucherId, status: result.status, amount: result.amount, repeated: !result.firstTime };
}

export const ExtendableQuerySchema = z.object({ orderId: z.string().max(20).optional().openapi({ description: "the order (spec: product order id)" }) });

export const ExtendableResponseSchema = z
  .object({
    vouchers: z.array(
      z.object({
        voucherId: z.number().int(),
        dealTitle: z.string(),
        productName: z.string(),
        expiresAt: z.string(),
        maxMonths: z.number().int(),
      }),
    ),
  })
  .openapi("ExtendableVouchers");

export function extendableResponse(vouchers: readonly ExtendableVoucher[]): z.infer<typeof ExtendableResponseSchema> {
  return { vouchers: vouchers.map((voucher) => ({ ...voucher, expiresAt: voucher.expiresAt.toISOString() })) };
}

export const ExtendRequestSchema = z.object({
  voucherId: recordId(),
  months: z.number().int().min(1).max(EXTENSION_MAX_MONTHS),
  expiresAt: z.string().datetime().optional().openapi({ description: "the expiry the shopper saw: a repeat after it moved changes nothing" }),
});

export const ExtendResponseSchema = z
  .object({ voucherId: z.number().int(), expiresAt: z.string(), extendedMonths: z.number().int(), repeated: z.boolean() })
  .openapi("VoucherExtension");

export function extendResponse(result: ExtensionResult): z.infer<typeof ExtendResponseSchema> {
  return { voucherId: result.voucherId, expiresAt: result.expiresAt.toISOString(), extendedMonths: result.extendedMonths, repeated: !result.firstTime };
}
