import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { DeclineCode } from "../errors";
import type { CardType, PaymentMethod } from "../provider";

/**
 * The built-in sandbox gateway keeps its own records, as a real gateway does on its side. They live
 * in our database only because the sandbox runs in our process; the shop's code never reads them:
 * it talks to the gateway through the PaymentProvider interface.
 */
export type SandboxOutcome = "APPROVED" | "CHALLENGE" | DeclineCode;

/** One-time payment nonces issued by the tokenise endpoint (the card number itself is never kept). */
export const sandboxNonces = pgTable("sandbox_gateway_nonces", {
  nonce: text("nonce").primaryKey(),
  method: text("method").$type<PaymentMethod>().notNull(),
  cardType: text("card_type").$type<CardType>(),
  last4: text("last4"),
  expiryMonth: integer("expiry_month"),
  expiryYear: integer("expiry_year"),
  outcome: text("outcome").$type<SandboxOutcome>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  consumedAt: timestamp("consumed_at", { withTimezone: true }),
});

/** Instruments saved for later (the gateway's vault), usable only by their customer reference. */
export const sandboxVault = pgTable("sandbox_gateway_vault", {
  token: text("token").primaryKey(),
  customerRef: text("customer_ref").notNull(),
  method: text("method").$type<PaymentMethod>().notNull(),
  cardType: text("card_type").$type<CardType>(),
  last4: text("last4"),
  expiryMonth: integer("expiry_month"),
  expiryYear: integer("expiry_year"),
  outcome: text("outcome").$type<SandboxOutcome>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

/** `requires_action` waits on the challenge page; the shopper's Decline makes it `declined`. */
export type SandboxTransactionStatus = "requires_action" | "declined" | "authorized" | "captured" | "voided";

export const sandboxTransactions = pgTable(
  "sandbox_gateway_transactions",
  {
    id: text("id").primaryKey(),
    method: text("method").$type<PaymentMethod>().notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<SandboxTransactionStatus>().notNull(),
    refundedAmount: integer("refunded_amount").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sandbox_gateway_transactions_status_idx").on(t.status)],
);

/** Idempotency: the first response to each key, returned again for any repeat of that key. */
export const sandboxRequests = pgTable("sandbox_gateway_requests", {
  idempotencyKey: text("idempotency_key").primaryKey(),
  operation: text("operation").notNull(),
  response: jsonb("response"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});
