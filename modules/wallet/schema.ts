import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { Currency } from "../../lib/money";
import { customers } from "../accounts/schema";

export type WalletBalanceType = "refundable" | "marketing";
/**
 * Why an entry was written: credits (refund, gift card, referral, Club points exchanged, the VIP
 * refund form's extra-credit option, goodwill, and "credit" for older
 * development credit), spending on an order ("order"), expiry of unspent credit ("expiry"), and
 * staff corrections ("adjustment").
 */
export type WalletEntryReason = "credit" | "order" | "refund" | "gift_card" | "referral" | "loyalty" | "vip_refund" | "goodwill" | "expiry" | "adjustment";

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
    /** The voucher a refund or credit exchange came from. */
    voucherId: integer("voucher_id"),
    /** The gift card whose redemption added this credit. */
    giftCardId: integer("gift_card_id"),
    description: text("description").notNull(),
    /**
     * Credits only: when what is left of this credit expires (spec §9: 12 months after it was
     * added), and how much of it is still unspent. Spending takes from the credits that expire
     * first; the expiry job writes an "expiry" entry for what is left and sets it to 0.
     */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    remaining: integer("remaining"),
    /** Set once the "your credit expires soon" email for this credit is queued. */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("wallet_entries_customer_idx").on(t.customerId, t.currency, t.createdAt.desc(), t.id.desc()),
    // Unspent credits by expiry: spending order, the expiry job and the reminder job.
    index("wallet_entries_unspent_idx").on(t.expiresAt).where(sql`${t.remaining} > 0`),
    check("wallet_entries_amount_non_zero", sql`${t.amount} <> 0`),
    check("wallet_entries_remaining_within_amount", sql`${t.remaining} is null or (${t.remaining} >= 0 and ${t.remaining} <= ${t.amount})`),
  ],
);
