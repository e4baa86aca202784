import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { BrandId } from "../../lib/brand";
import type { Currency } from "../../lib/money";

/**
 * VIP states (spec §4): NOT_CHECKED (nobody has looked yet: a guest, or a customer before the
 * first check), ELIGIBLE (may join: never a member, or a former one), ACTIVE (a member: a free
 * trial or a paid year), RENEW (the renewal charge failed: still a member until the period ends,
 * with a way to pay). The transitions are in vip-process.ts.
 */
export type VipStatus = "NOT_CHECKED" | "ELIGIBLE" | "ACTIVE" | "RENEW";
/** How a shopper opted in (spec §4): both count as a VIP opt-in. */
export type VipOptInType = "VIP-SUB-FREE-TRIAL" | "VIP-SUB-PAID-FLOW";

/**
 * One VIP membership per customer: its state, the current period and whether it renews. The
 * customer row's vip_user / vip_expires_at stay the flag prices read; the vip module keeps them in
 * step through accounts' setVipPeriod.
 */
export const vipMemberships = pgTable(
  "vip_memberships",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer("customer_id").notNull(),
    brand: text("brand").$type<BrandId>().notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    status: text("status").$type<VipStatus>().notNull(),
    optInType: text("opt_in_type").$type<VipOptInType>(),
    /** The yearly price charged at each renewal, in minor units (fixed when the shopper opted in). */
    renewalPrice: integer("renewal_price").notNull(),
    /** Renews at period end unless the shopper cancelled renewal (one click in My Subscriptions). */
    autoRenew: boolean("auto_renew").notNull().default(false),
    /** The saved instrument renewals charge (must allow subscription). */
    instrumentId: integer("instrument_id"),
    /** First time the customer became a member (savings and "member since"). */
    memberSince: timestamp("member_since", { withTimezone: true }),
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    /** Set while the current period is a free trial. */
    trial: boolean("trial").notNull().default(false),
    /** The period end a renewal reminder was sent for (one reminder per renewal). */
    remindedForPeriodEnd: timestamp("reminded_for_period_end", { withTimezone: true }),
    renewalCancelledAt: timestamp("renewal_cancelled_at", { withTimezone: true }),
    lastRenewalFailure: text("last_renewal_failure"),
    renewalAttempts: integer("renewal_attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("vip_memberships_customer_uq").on(t.customerId),
    // The renewal, reminder and expiry jobs read members by period end.
    index("vip_memberships_period_end_idx").on(t.periodEnd).where(sql`${t.status} in ('ACTIVE', 'RENEW')`),
  ],
);

export type VipChargeStatus = "pending" | "paid" | "failed";

/**
 * Every VIP charge (a renewal of a period): one row per membership and period start, so a retried
 * renewal job charges once. The payment is the gateway operation keyed by `idempotency_key`.
 */
export const vipCharges = pgTable(
  "vip_charges",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    membershipId: integer("membership_id").notNull(),
    customerId: integer("customer_id").notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    status: text("status").$type<VipChargeStatus>().notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    /** The order the charge was paid through (when renewals are placed as orders), else null. */
    orderId: integer("order_id"),
    authorizationId: text("authorization_id"),
    failure: text("failure"),
    /** Sum refunded through the VIP cash-refund form. */
    refundedAmount: integer("refunded_amount").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("vip_charges_period_uq").on(t.membershipId, t.periodStart),
    uniqueIndex("vip_charges_key_uq").on(t.idempotencyKey),
    index("vip_charges_customer_idx").on(t.customerId, t.createdAt.desc()),
  ],
);
