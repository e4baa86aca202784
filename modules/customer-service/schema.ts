import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Currency } from "../../lib/money";

/**
 * Staff notes on a shopper (and optionally one of their orders): what customer service said and
 * promised, so the next agent knows. Append-only like the audit trail: a note is never edited.
 */
export const customerNotes = pgTable(
  "customer_notes",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer("customer_id").notNull(),
    orderId: integer("order_id"),
    staffUserId: integer("staff_user_id"),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("customer_notes_customer_idx").on(t.customerId, t.createdAt.desc())],
);

/** A goodwill credit's states (GOODWILL_PROCESS): applied at once up to the threshold, else awaiting a lead's decision. */
export type GoodwillStatus = "awaiting_approval" | "approved" | "rejected";

/**
 * Wallet credit customer service gives outside the shopper's own rights (an apology, a late
 * delivery). Above the configured threshold it waits for a customer-service lead other than the
 * one who asked (four eyes); approved credit is in the wallet in the same transaction.
 */
export const goodwillCredits = pgTable(
  "goodwill_credits",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer("customer_id").notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    amount: integer("amount").notNull(),
    reason: text("reason").notNull(),
    status: text("status").$type<GoodwillStatus>().notNull(),
    requestedByStaffId: integer("requested_by_staff_id"),
    requestedByName: text("requested_by_name").notNull(),
    decidedByStaffId: integer("decided_by_staff_id"),
    decidedByName: text("decided_by_name"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** The form's one-time key: a second press of the same form gives nothing twice. */
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("goodwill_credits_key_uq").on(t.idempotencyKey),
    index("goodwill_credits_customer_idx").on(t.customerId, t.createdAt.desc()),
    index("goodwill_credits_awaiting_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'awaiting_approval'`),
    check("goodwill_credits_amount_positive", sql`${t.amount} > 0`),
  ],
);

/** A wallet adjustment's states (WALLET_ADJUSTMENT_PROCESS), as a goodwill credit's. */
export type WalletAdjustmentStatus = "awaiting_approval" | "approved" | "rejected";

/**
 * Customer service corrects a shopper's wallet: credit added or taken away (a negative amount) on
 * either balance, with a reason. Above the approval threshold (in either direction) it waits for a
 * customer-service lead other than the one who asked; approved, it is in the wallet ledger in the
 * same transaction. The form's key makes a second press do nothing twice.
 */
export const walletAdjustments = pgTable(
  "wallet_adjustments",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer("customer_id").notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    balanceType: text("balance_type").$type<"refundable" | "marketing">().notNull(),
    /** Minor units: positive adds credit, negative takes it away. */
    amount: integer("amount").notNull(),
    reason: text("reason").notNull(),
    status: text("status").$type<WalletAdjustmentStatus>().notNull(),
    requestedByStaffId: integer("requested_by_staff_id"),
    requestedByName: text("requested_by_name").notNull(),
    decidedByStaffId: integer("decided_by_staff_id"),
    decidedByName: text("decided_by_name"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("wallet_adjustments_key_uq").on(t.idempotencyKey),
    index("wallet_adjustments_customer_idx").on(t.customerId, t.createdAt.desc()),
    index("wallet_adjustments_awaiting_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'awaiting_approval'`),
    check("wallet_adjustments_amount_non_zero", sql`${t.amount} <> 0`),
    check("wallet_adjustments_balance_type_known", sql`${t.balanceType} in ('refundable','marketing')`),
  ],
);
