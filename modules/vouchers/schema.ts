import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Currency } from "../../lib/money";
import { customers } from "../accounts/schema";

/** Spec §4 voucher status timeline; a new voucher is Ready to Redeem. */
export const VOUCHER_STATUSES = {
  READY_TO_REDEEM: "Ready to Redeem",
  REDEEMED: "Redeemed",
  BOOKED: "Booked",
  CREDIT_REQUESTED: "Credit Requested",
  REQUEST_PROCESSED: "Request Processed",
  RETURN_REQUESTED: "Return Requested",
  RETURN_IN_TRANSIT: "Return in Transit",
  RETURNED_TO_MERCHANT: "Returned to the Merchant",
  REFUNDED: "Refunded",
  EXPIRED: "Expired",
  /** Ours: the order waits for fraud review; the code is not shown and the till refuses it. */
  HELD: "Being Checked",
  /** Ours: fraud review rejected the order; the payment was voided. */
  CANCELLED: "Cancelled",
} as const;
export type VoucherStatus = keyof typeof VOUCHER_STATUSES;

/**
 * One voucher per unit bought. The code is what the merchant checks: random and unguessable.
 * Deal headline and merchant name are copied at purchase so a voucher reads the same for its life.
 */
export const vouchers = pgTable(
  "vouchers",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity({ startWith: 90000001 }),
    code: text("code").notNull(),
    orderId: integer("order_id").notNull(),
    orderLineId: integer("order_line_id").notNull(),
    /** The purchaser: refunds and credit are theirs. */
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    /**
     * Who holds a gifted voucher once the recipient has claimed it (an E-gift or "Gift it"): the
     * voucher and its code are in the holder's My Vouchers; the purchaser sees it as Gifted.
     */
    holderCustomerId: integer("holder_customer_id").references(() => customers.id),
    dealId: integer("deal_id").notNull(),
    productId: integer("product_id").notNull(),
    dealTitle: text("deal_title").notNull(),
    productName: text("product_name").notNull(),
    merchantName: text("merchant_name").notNull(),
    merchantId: integer("merchant_id").notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    status: text("status").$type<VoucherStatus>().notNull().default("READY_TO_REDEEM"),
    /** Spec §9: a voucher is available (its code shown, printable, redeemable) 24 hours after purchase (configurable). */
    availableAt: timestamp("available_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Months added by extensions (Deal Protection); expires_at already includes them. */
    extendedMonths: smallint("extended_months").notNull().default(0),
    /** Deal Protection (DVP) was bought with the order: refundable until 7 days before expiry. */
    protected: boolean("protected").notNull().default(false),
    /** Goods sent by post (the deal delivers): fulfilled by dispatch and delivery, returnable. */
    physical: boolean("physical").notNull().default(false),
    /**
     * What this voucher cost the shopper, by how it was paid (minor units): the most a refund or
     * credit can give back, and where each part goes back to (card part to the card, credit parts
     * to the wallet as the same kind of credit).
     */
    paidCard: integer("paid_card").notNull().default(0),
    paidRefundableCredit: integer("paid_refundable_credit").notNull().default(0),
    paidMarketingCredit: integer("paid_marketing_credit").notNull().default(0),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
    /** The merchant user who redeemed or booked it. */
    redeemedBy: integer("redeemed_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("vouchers_code_uq").on(t.code),
    index("vouchers_customer_idx").on(t.customerId, t.createdAt.desc(), t.id.desc()),
    index("vouchers_order_idx").on(t.orderId),
    index("vouchers_holder_idx").on(t.holderCustomerId, t.createdAt.desc(), t.id.desc()).where(sql`${t.holderCustomerId} is not null`),
    // The expiry job walks only live vouchers by expiry.
    index("vouchers_expiry_idx").on(t.expiresAt).where(sql`${t.status} = 'READY_TO_REDEEM'`),
    // A merchant's sales and statements by period, and its redemptions.
    index("vouchers_merchant_created_idx").on(t.merchantId, t.createdAt),
    index("vouchers_merchant_redeemed_idx").on(t.merchantId, t.redeemedAt).where(sql`${t.redeemedAt} is not null`),
    check("vouchers_paid_non_negative", sql`${t.paidCard} >= 0 and ${t.paidRefundableCredit} >= 0 and ${t.paidMarketingCredit} >= 0`),
  ],
);
