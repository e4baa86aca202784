import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Currency } from "../../lib/money";
import type { ActorType } from "../states/schema";

/** A refund gives the money back (card part to the card); a credit turns the whole voucher into wallet credit. */
export type VoucherRefundKind = "refund" | "credit";
/** Where a refund's card-paid part goes: back to the card ("original") or into the wallet. */
export type RefundDestination = "original" | "wallet";

/**
 * Money given back for one voucher: at most one row per voucher, ever (the unique index is what
 * makes a double click or a race give back once). The card part is a payment operation keyed by
 * `payment_operation_key`; the credit parts are wallet entries written in the same transaction.
 */
export const voucherRefunds = pgTable(
  "voucher_refunds",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    voucherId: integer("voucher_id").notNull(),
    orderId: integer("order_id").notNull(),
    customerId: integer("customer_id").notNull(),
    merchantId: integer("merchant_id").notNull(),
    kind: text("kind").$type<VoucherRefundKind>().notNull(),
    destination: text("destination").$type<RefundDestination>().notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    /** Back to the card through the payment provider. */
    cardAmount: integer("card_amount").notNull(),
    /** Into the wallet as refundable credit. */
    refundableCredit: integer("refundable_credit").notNull(),
    /** Into the wallet as marketing credit (what marketing credit paid goes back as such). */
    marketingCredit: integer("marketing_credit").notNull(),
    paymentOperationKey: text("payment_operation_key"),
    actorType: text("actor_type").$type<ActorType>().notNull(),
    actorId: text("actor_id"),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("voucher_refunds_voucher_uq").on(t.voucherId),
    index("voucher_refunds_order_idx").on(t.orderId),
    index("voucher_refunds_merchant_idx").on(t.merchantId, t.createdAt),
    // The refunds report reads a date range.
    index("voucher_refunds_created_idx").on(t.createdAt),
    check("voucher_refunds_amounts_non_negative", sql`${t.cardAmount} >= 0 and ${t.refundableCredit} >= 0 and ${t.marketingCredit} >= 0`),
  ],
);
