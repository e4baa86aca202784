import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { ActorType } from "../states/schema";
import type { Currency } from "../../lib/money";
import type { CardType, PaymentMethod } from "./provider";
import { customers } from "../accounts/schema";

export type PaymentStatus = "authorized" | "captured" | "voided" | "partially_refunded" | "refunded";

/** The payment behind an order: the gateway's authorization and what happened to it since. */
export const payments = pgTable(
  "payments",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer("order_id").notNull(),
    provider: text("provider").notNull(),
    method: text("method").$type<PaymentMethod>().notNull(),
    authorizationId: text("authorization_id").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    status: text("status").$type<PaymentStatus>().notNull(),
    cardType: text("card_type").$type<CardType>(),
    last4: text("last4"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    capturedAt: timestamp("captured_at", { withTimezone: true }),
    /** Sum of the succeeded refunds; never above amount (checked). */
    refundedAmount: integer("refunded_amount").notNull().default(0),
  },
  (t) => [
    uniqueIndex("payments_order_uq").on(t.orderId),
    uniqueIndex("payments_authorization_uq").on(t.authorizationId),
    index("payments_status_idx").on(t.status),
    // Customer service finds a shopper by a card's last four digits (modules/customer-service).
    index("payments_last4_idx").on(t.last4),
    check("payments_refund_within_amount", sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.amount}`),
  ],
);

export type PaymentOperationKind = "capture" | "void" | "refund";
export type PaymentOperationStatus = "pending" | "succeeded" | "failed";

/**
 * Every money move on a payment (capture, void, refund), keyed by an idempotency key so a retry
 * or a double click moves the money once; the gateway is called with the same key.
 */
export const paymentOperations = pgTable(
  "payment_operations",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    paymentId: integer("payment_id").notNull(),
    kind: text("kind").$type<PaymentOperationKind>().notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    status: text("status").$type<PaymentOperationStatus>().notNull(),
    /** The gateway's id for the operation (e.g. the refund id). */
    providerReference: text("provider_reference"),
    actorType: text("actor_type").$type<ActorType>().notNull(),
    actorId: text("actor_id"),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("payment_operations_key_uq").on(t.idempotencyKey), index("payment_operations_payment_idx").on(t.paymentId, t.id)],
);

/** A customer's saved ways to pay (spec: payment instrument type, allowSubscription, gateway, default). */
export const paymentInstruments = pgTable(
  "payment_instruments",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    gateway: text("gateway").notNull(),
    /** The gateway's vault token; never shown to the browser. */
    token: text("token").notNull(),
    type: text("type").$type<PaymentMethod>().notNull(),
    cardType: text("card_type").$type<CardType>(),
    last4: text("last4"),
    expiryMonth: integer("expiry_month"),
    expiryYear: integer("expiry_year"),
    isDefault: boolean("is_default").notNull().default(false),
    allowSubscription: boolean("allow_subscription").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("payment_instruments_token_uq").on(t.token), index("payment_instruments_customer_idx").on(t.customerId)],
);

/**
 * A payment provider's webhook, stored as received once its signature is verified (one row per
 * provider event id, so a redelivery is a no-op) and processed once by the payments job.
 */
export const paymentWebhookEvents = pgTable(
  "payment_webhook_events",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    /** What processing did ("applied", "ignored: …") or the last error, for the operator. */
    outcome: text("outcome"),
    attempts: integer("attempts").notNull().default(0),
  },
  (t) => [
    uniqueIndex("payment_webhook_events_event_uq").on(t.provider, t.eventId),
    index("payment_webhook_events_unprocessed_idx").on(t.receivedAt).where(sql`${t.processedAt} is null`),
  ],
);
