import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Staff notes on a shopper (and optionally one of their orders): what customer service said and
 * promised, so the next agent knows. Append-only like the audit trail: a note is never edited.
 */
export const customerNotes = pgTable(
  "customer_notes",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer("customer_id").notNull(),
    orderId: integer("order_id"),
    staffUserId: integer("staff_user_id"),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("customer_notes_customer_idx").on(t.customerId, t.createdAt.desc())],
);
