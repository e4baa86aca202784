import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { BrandId } from "../../lib/brand";
import type { Currency } from "../../lib/money";

/** A customer's personal refer-a-friend code (the share link carries it) and its counters. */
export const referralCodes = pgTable(
  "referral_codes",
  {
    customerId: integer("customer_id").primaryKey(),
    code: text("code").notNull(),
    /** Times the customer shared the link (POST /v1/user/raf/stat/share). */
    shares: integer("shares").notNull().default(0),
    /** Times someone opened it (POST /v1/user/raf/stat/open). */
    opens: integer("opens").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("referral_codes_code_uq").on(t.code)],
);

/**
 * SIGNED_UP: a new customer registered through the link. QUALIFYING: their first order was placed;
 * the reward waits out its 14-day refund window (`qualifies_at`). REWARDED: the referrer got the
 * credit. VOID: refused or lost (the first order was refunded, a duplicate account, ...).
 */
export type ReferralStatus = "SIGNED_UP" | "QUALIFYING" | "REWARDED" | "VOID";

/** One referral per referred customer (so one reward per referred customer). */
export const referrals = pgTable(
  "referrals",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    referrerCustomerId: integer("referrer_customer_id").notNull(),
    referredCustomerId: integer("referred_customer_id").notNull(),
    brand: text("brand").$type<BrandId>().notNull(),
    status: text("status").$type<ReferralStatus>().notNull(),
    firstOrderId: integer("first_order_id"),
    qualifiesAt: timestamp("qualifies_at", { withTimezone: true }),
    rewardAmount: integer("reward_amount"),
    currency: text("currency").$type<Currency>(),
    voidReason: text("void_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("referrals_referred_uq").on(t.referredCustomerId),
    index("referrals_referrer_idx").on(t.referrerCustomerId, t.createdAt.desc()),
    index("referrals_qualifying_idx").on(t.qualifiesAt).where(sql`${t.status} = 'QUALIFYING'`),
  ],
);
