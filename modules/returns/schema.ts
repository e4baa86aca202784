import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * A shopper sending delivered goods back. The voucher carries the status (Return Requested →
 * Return in Transit → Returned to the Merchant → Refunded); this row holds the return's facts.
 */
export const returnOrders = pgTable(
  "return_orders",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity({ startWith: 40000001 }),
    voucherId: integer("voucher_id").notNull(),
    orderId: integer("order_id").notNull(),
    customerId: integer("customer_id").notNull(),
    merchantId: integer("merchant_id").notNull(),
    reason: text("reason").notNull(),
    comments: text("comments"),
    /** The reference printed on the returns label; random, so a label cannot be guessed. */
    reference: text("reference").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    postedAt: timestamp("posted_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    /** Set when the return ends: refunded, or withdrawn by the shopper. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("return_orders_reference_uq").on(t.reference),
    // One open return per voucher.
    uniqueIndex("return_orders_open_voucher_uq").on(t.voucherId).where(sql`${t.closedAt} is null`),
    index("return_orders_customer_idx").on(t.customerId, t.createdAt.desc()),
    index("return_orders_merchant_idx").on(t.merchantId, t.createdAt.desc()),
  ],
);
