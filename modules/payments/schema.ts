import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Currency } from "../../lib/money";
import type { CardType, PaymentMethod } from "./provider";
import { customers } from "../accounts/schema";

export type PaymentStatus = "authorized" | "captured" | "voided" | "refunded";

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
  },
  (t) => [
    uniqueIndex("payments_order_uq").on(t.orderId),
    uniqueIndex("payments_authorization_uq").on(t.authorizationId),
    index("payments_status_idx").on(t.status),
  ],
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
