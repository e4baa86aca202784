import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { Currency } from "../../lib/money";
import { customers } from "../accounts/schema";

export type WalletBalanceType = "refundable" | "marketing";
export type WalletEntryReason = "credit" | "order" | "refund" | "adjustment";

/**
 * One row per customer and currency. It holds no balance: it exists so spending can lock it
 * (SELECT … FOR UPDATE) and two orders never spend the same credit.
 */
export const walletAccounts = pgTable(
  "wallet_accounts",
  {
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    currency: text("currency").$type<Currency>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.currency] })],
);

/** The wallet ledger: a balance is always the sum of its entries, never a stored number. */
export const walletEntries = pgTable(
  "wallet_entries",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    currency: text("currency").$type<Currency>().notNull(),
    balanceType: text("balance_type").$type<WalletBalanceType>().notNull(),
    /** Positive adds credit, negative spends it. */
    amount: integer("amount").notNull(),
    reason: text("reason").$type<WalletEntryReason>().notNull(),
    orderId: integer("order_id"),
    description: text("description").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("wallet_entries_customer_idx").on(t.customerId, t.currency), check("wallet_entries_amount_non_zero", sql`${t.amount} <> 0`)],
);
