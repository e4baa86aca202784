import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export type OutboxStatus = "pending" | "sent" | "dead";

/**
 * Every email the shop sends, written in the same transaction as the change that causes it and
 * delivered later by the outbox worker, so a message exists exactly when its cause committed.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    from: text("from_address"),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text_body").notNull(),
    html: text("html_body"),
    status: text("status").$type<OutboxStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When the worker may next try; a claimed message is pushed ahead by the claim's lease. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    /** How it left: "smtp" or "dev-mailbox". */
    deliveredVia: text("delivered_via"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_messages_due_idx").on(t.status, t.nextAttemptAt),
    index("outbox_messages_created_idx").on(t.createdAt.desc()),
    // Customer service lists the emails sent to a shopper (modules/customer-service).
    index("outbox_messages_to_idx").on(t.to, t.createdAt.desc()),
  ],
);
