import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Why points moved: earned for a purchase (30 days after it), for sharing or viewing a deal
 * (bounded per day), spent on an exchange for wallet credit, or lost at expiry (6 months).
 */
export type LoyaltyEntryKind = "purchase" | "share" | "view" | "exchange" | "expiry";

/**
 * One row per customer, holding no balance: exchanges lock it (SELECT … FOR UPDATE) so two
 * exchanges never spend the same points. Lifetime points (the Club level) only ever grow.
 */
export const loyaltyAccounts = pgTable("loyalty_accounts", {
  customerId: integer("customer_id").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

/**
 * The Club points ledger: current points are the unexpired remainders of earnings; lifetime
 * points the sum of all earnings. `earn_key` makes every earning and exchange idempotent
 * (e.g. "purchase:voucher:123", "view:deal:42:2026-11-23", "exchange:<request id>").
 */
export const loyaltyEntries = pgTable(
  "loyalty_entries",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer("customer_id").notNull(),
    kind: text("kind").$type<LoyaltyEntryKind>().notNull(),
    /** Positive earns, negative spends or expires. */
    points: integer("points").notNull(),
    /** Earnings only: points of this earning not yet spent or expired (spent soonest-expiring first). */
    remaining: integer("remaining"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    earnKey: text("earn_key").notNull(),
    dealId: integer("deal_id"),
    orderId: integer("order_id"),
    voucherId: integer("voucher_id"),
    /** Exchanges: the wallet credit bought, in minor units of `currency`. */
    creditAmount: integer("credit_amount"),
    currency: text("currency"),
    description: text("description").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("loyalty_entries_earn_key_uq").on(t.earnKey),
    index("loyalty_entries_customer_idx").on(t.customerId, t.createdAt.desc(), t.id.desc()),
    index("loyalty_entries_unspent_idx").on(t.expiresAt).where(sql`${t.remaining} > 0`),
    check("loyalty_entries_points_non_zero", sql`${t.points} <> 0`),
    check("loyalty_entries_remaining_within_points", sql`${t.remaining} is null or (${t.remaining} >= 0 and ${t.remaining} <= ${t.points})`),
  ],
);
