import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { BrandId } from "../../lib/brand";
import type { Currency } from "../../lib/money";
import type { AddonType, BasketLineKind, LineFlights, LineGifting, LinePassenger } from "../basket/schema";
import type { CardType, PaymentMethod } from "../payments/provider";
import { customers } from "../accounts/schema";
import type { ProductDeliveryOption } from "../catalog/schema";

/** CANCELLED: a held order that fraud review rejected (its payment voided, its vouchers cancelled). */
export type OrderStatus = "PLACED" | "PARTIALLY_REFUNDED" | "REFUNDED" | "CANCELLED";

/**
 * A placed order: one per basket. Amounts are minor units: subtotal + postage - discount is what
 * the goods cost; wallet credit pays part of it and the payment method (`total`) the rest.
 */
export const orders = pgTable(
  "orders",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity({ startWith: 70000001 }),
    brand: text("brand").$type<BrandId>().notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    basketId: integer("basket_id").notNull(),
    status: text("status").$type<OrderStatus>().notNull().default("PLACED"),
    email: text("email").notNull(),
    subtotal: integer("subtotal").notNull(),
    postage: integer("postage").notNull(),
    discount: integer("discount").notNull(),
    walletRefundableUsed: integer("wallet_refundable_used").notNull(),
    walletMarketingUsed: integer("wallet_marketing_used").notNull(),
    /** Charged to the payment method. */
    total: integer("total").notNull(),
    quantity: integer("quantity").notNull(),
    promoCode: text("promo_code"),
    paymentMethod: text("payment_method").$type<PaymentMethod>().notNull(),
    cardType: text("card_type").$type<CardType>(),
    deliveryName: text("delivery_name"),
    addressLine1: text("address_line1"),
    addressLine2: text("address_line2"),
    city: text("city"),
    postcode: text("postcode"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("orders_basket_uq").on(t.basketId),
    index("orders_customer_idx").on(t.customerId, t.createdAt.desc()),
    // Reports read a date range of orders (sales by day, brand).
    index("orders_created_idx").on(t.createdAt),
    // Customer service finds a shopper by a delivery postcode (modules/customer-service).
    index("orders_postcode_idx").on(t.postcode),
    check("orders_amounts_non_negative", sql`${t.subtotal} >= 0 and ${t.postage} >= 0 and ${t.discount} >= 0 and ${t.total} >= 0`),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    kind: text("kind").$type<BasketLineKind>().notNull(),
    addonType: text("addon_type").$type<AddonType>(),
    dealId: integer("deal_id"),
    productId: integer("product_id"),
    title: text("title").notNull(),
    merchantName: text("merchant_name"),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
    originalUnitPrice: integer("original_unit_price").notNull(),
    postage: integer("postage").notNull(),
    /** How the goods reach the shopper, as offered when bought (null: a voucher, or a deal with one postage). */
    deliveryOption: jsonb("delivery_option").$type<ProductDeliveryOption>(),
    lineTotal: integer("line_total").notNull(),
    payDeposit: boolean("pay_deposit").notNull().default(false),
    gifting: jsonb("gifting").$type<LineGifting>(),
    checkInDate: date("check_in_date"),
    checkOutDate: date("check_out_date"),
    flights: jsonb("flights").$type<LineFlights>(),
    guests: integer("guests"),
    passengers: jsonb("passengers").$type<LinePassenger[]>(),
    utmMedium: text("utm_medium"),
    utmSource: text("utm_source"),
    /** What VIP pricing saved on this line (original price minus VIP price, times quantity): My Rewards' savings. */
    vipSaving: integer("vip_saving").notNull().default(0),
    adId: text("ad_id"),
    mgId: text("mg_id"),
    purchaseGclid: text("purchase_gclid"),
    purchaseLocation: text("purchase_location"),
    purchaseUrl: text("purchase_url"),
    sessionPurchaseSource: text("session_purchase_source"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId),
    // Purchase caps count a customer's past units per deal and per product.
    index("order_lines_customer_deal_idx").on(t.customerId, t.dealId),
    // Deal-wide daily and weekly caps count everyone's recent units.
    index("order_lines_deal_time_idx").on(t.dealId, t.createdAt),
    // Reports read a date range of lines (sales by category and location, top deals).
    index("order_lines_created_idx").on(t.createdAt),
  ],
);

/** `requires_action`: the authorization waits for the shopper (3-D Secure, an approval page) at `actionUrl`. */
export type OrderAttemptStatus = "pending" | "requires_action" | "succeeded" | "failed";

/**
 * Idempotency of order placement: the first request with a key claims the attempt; repeats wait
 * for it and get its result. Also records the payment authorization so a crashed attempt's
 * authorization can be found and voided.
 */
export const orderAttempts = pgTable(
  "order_attempts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    basketId: integer("basket_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    status: text("status").$type<OrderAttemptStatus>().notNull(),
    orderId: integer("order_id"),
    errorStatus: integer("error_status"),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    authorizationId: text("authorization_id"),
    /** Set once the authorization is accounted for: it pays for this attempt's order, or it was voided. */
    authorizationSettledAt: timestamp("authorization_settled_at", { withTimezone: true }),
    /** A digest of what was asked (basket, details, payment): the same key with another body is refused. */
    requestFingerprint: text("request_fingerprint"),
    /** Until when the claiming request owns a pending attempt; past it, the sweeper settles it. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** Where the shopper completes a `requires_action` authorization (the provider's page). */
    actionUrl: text("action_url"),
    /** The placement as validated (no card data), kept while the shopper acts, to finish the order on return. */
    pendingPlacement: jsonb("pending_placement"),
    /** Where the request came from, for fraud review's velocity rules (./review/fraud-signals.ts). */
    clientIp: text("client_ip"),
    /** The browser's random visitor id (the A/B cookie), for the same rules. */
    deviceId: text("device_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("order_attempts_key_uq").on(t.basketId, t.idempotencyKey),
    index("order_attempts_unsettled_idx")
      .on(t.updatedAt)
      .where(sql`${t.authorizationId} is not null and ${t.authorizationSettledAt} is null`),
    index("order_attempts_pending_idx").on(t.leaseUntil).where(sql`${t.status} = 'pending'`),
    index("order_attempts_created_idx").on(t.createdAt),
    // Velocity rules count recent attempts from one address or one device.
    index("order_attempts_ip_idx").on(t.clientIp, t.createdAt),
    index("order_attempts_device_idx").on(t.deviceId, t.createdAt),
  ],
);

export type OrderReviewStatus = "HELD" | "APPROVED" | "REJECTED";

/** Why an order was held: a rule's id and what it saw (docs/decisions/fraud-review.md). */
export interface FraudSignal {
  rule: "HIGH_RISK_DEAL" | "MANY_CARDS" | "MANY_DECLINES" | "NEW_ACCOUNTS";
  detail: string;
}

/**
 * An order held for fraud review at placement: its vouchers wait (status HELD) and its payment
 * stays authorized until a reviewer approves (released, captured) or rejects (voided, cancelled).
 */
export const orderReviews = pgTable(
  "order_reviews",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    status: text("status").$type<OrderReviewStatus>().notNull(),
    signals: jsonb("signals").$type<FraudSignal[]>().notNull(),
    /** Where the order came from, kept with the review (attempts are pruned). */
    clientIp: text("client_ip"),
    deviceId: text("device_id"),
    heldAt: timestamp("held_at", { withTimezone: true }).notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedByStaffId: integer("decided_by_staff_id"),
    decidedByName: text("decided_by_name"),
    reason: text("reason"),
  },
  (t) => [
    uniqueIndex("order_reviews_order_uq").on(t.orderId),
    // The queue: held orders, oldest first.
    index("order_reviews_held_idx").on(t.heldAt).where(sql`${t.status} = 'HELD'`),
  ],
);
