import { z } from "@hono/zod-openapi";

const CurrencySchema = z.enum(["GBP", "EUR"]);

/** Spec §3 Payment: a wallet balance is currency, marketingBalance, refundableBalance (minor units). */
export const WalletBalanceSchema = z
  .object({ currency: CurrencySchema, marketingBalance: z.number().int(), refundableBalance: z.number().int() })
  .openapi("WalletBalance");

/** Spec §3 wallet state: the userWallet list and hasError. */
export const WalletStateSchema = z.object({ userWallet: z.array(WalletBalanceSchema), hasError: z.literal(false) }).openapi("WalletState");

/** The wallet could not be read: hasError, an empty list, and the brand's message (spec §8 Wallet). */
export const WalletFailureSchema = z
  .object({ userWallet: z.array(WalletBalanceSchema).max(0), hasError: z.literal(true), error: z.object({ code: z.string(), message: z.string() }) })
  .openapi("WalletFailure");

export const WalletLedgerSchema = z
  .object({
    entries: z.array(
      z.object({
        id: z.number().int(),
        createdAt: z.string(),
        currency: CurrencySchema,
        balanceType: z.enum(["refundable", "marketing"]),
        amount: z.number().int().openapi({ description: "minor units; negative when spent or expired" }),
        reason: z.enum(["credit", "order", "refund", "gift_card", "referral", "loyalty", "vip_refund", "goodwill", "expiry", "adjustment"]),
        source: z.string().openapi({ description: "where it came from, as the shopper reads it" }),
        description: z.string(),
        orderId: z.number().int().nullable(),
        voucherId: z.number().int().nullable(),
        giftCardId: z.number().int().nullable(),
        expiresAt: z.string().nullable().openapi({ description: "credits only" }),
        remaining: z.number().int().nullable().openapi({ description: "credits only: what is left unspent" }),
        orderPath: z.string().nullable(),
        voucherPath: z.string().nullable(),
      }),
    ),
    page: z.number().int(),
    pageCount: z.number().int(),
    total: z.number().int(),
    hasError: z.literal(false),
  })
  .openapi("WalletLedger");

export const LedgerQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).optional().openapi({ description: "1-based, default 1" }) });
