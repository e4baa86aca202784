import { date, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Spec §4 order progress: Processing Order, Dispatched, Delivered. */
export const SHIPMENT_STATUSES = {
  PROCESSING: "Processing Order",
  DISPATCHED: "Dispatched",
  DELIVERED: "Delivered",
} as const;
export type ShipmentStatus = keyof typeof SHIPMENT_STATUSES;

/** Posting one physical voucher's goods to the shopper: one row per physical voucher. */
export const shipments = pgTable(
  "shipments",
  {
    voucherId: integer("voucher_id").primaryKey(),
    orderId: integer("order_id").notNull(),
    merchantId: integer("merchant_id").notNull(),
    status: text("status").$type<ShipmentStatus>().notNull().default("PROCESSING"),
    /** "Delivery on or before {date}", promised at purchase. */
    deliverBy: date("deliver_by").notNull(),
    courier: text("courier"),
    trackingNumber: text("tracking_number"),
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("shipments_merchant_status_idx").on(t.merchantId, t.status, t.createdAt), index("shipments_order_idx").on(t.orderId)],
);
