import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { BrandId } from "../../lib/brand";
import type { Currency } from "../../lib/money";

export type VipRefundChoice = "cash_refund" | "extra_credit" | "stay_vip";
export type VipRefundRequestStatus = "INVITED" | "REQUESTED" | "PROCESSED" | "DECLINED";

/**
 * The VIP cash-refund form (spec §2, §4, §9): an existing or former VIP invited by email chooses a
 * cash refund (within 7 days if eligible), an extra 20% as wallet credit (within 3 working days) or
 * to use credit to stay VIP. The invitation token is stored hashed; one request per invitation;
 * a job (or staff) processes it once.
 */
export const vipRefundRequests = pgTable(
  "vip_refund_requests",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer("customer_id").notNull(),
    brand: text("brand").$type<BrandId>().notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    tokenHash: text("token_hash").notNull(),
    status: text("status").$type<VipRefundRequestStatus>().notNull(),
    /** What the shopper paid for VIP that the invitation covers (minor units). */
    paidAmount: integer("paid_amount").notNull(),
    choice: text("choice").$type<VipRefundChoice>(),
    /** Cash refunded, or credit added (the paid amount plus 20%), once processed. */
    settledAmount: integer("settled_amount"),
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("vip_refund_requests_token_uq").on(t.tokenHash),
    index("vip_refund_requests_customer_idx").on(t.customerId),
    index("vip_refund_requests_pending_idx").on(t.requestedAt).where(sql`${t.status} = 'REQUESTED'`),
  ],
);
