import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
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
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    dealId: integer("deal_id").notNull(),
    productId: integer("product_id").notNull(),
    dealTitle: text("deal_title").notNull(),
    productName: text("product_name").notNull(),
    merchantName: text("merchant_name").notNull(),
    status: text("status").$type<VoucherStatus>().notNull().default("READY_TO_REDEEM"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("vouchers_code_uq").on(t.code),
    index("vouchers_customer_idx").on(t.customerId, t.createdAt.desc(), t.id.desc()),
    index("vouchers_order_idx").on(t.orderId),
  ],
);
