import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Currency } from "../../lib/money";

/** VOIDED: customer service stopped the card (a code seen by someone else, say), often with a replacement. */
export type GiftCardStatus = "ISSUED" | "REDEEMED" | "EXPIRED" | "VOIDED";

/**
 * A gift card bought as a basket line: its code (unguessable, case-sensitive) is emailed to the
 * recipient or printed by the buyer; redeeming it credits the redeemer's wallet once. Spec §9:
 * unredeemed cards expire 6 months after purchase.
 */
export const giftCards = pgTable(
  "gift_cards",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    code: text("code").notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    amount: integer("amount").notNull(),
    orderId: integer("order_id").notNull(),
    orderLineId: integer("order_line_id").notNull(),
    buyerCustomerId: integer("buyer_customer_id").notNull(),
    /** Null when the buyer prints the card to hand over. */
    recipientName: text("recipient_name"),
    recipientEmail: text("recipient_email"),
    message: text("message"),
    status: text("status").$type<GiftCardStatus>().notNull().default("ISSUED"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    redeemedByCustomerId: integer("redeemed_by_customer_id"),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    // Case-sensitive on purpose (spec §5: the code must be entered exactly).
    uniqueIndex("gift_cards_code_uq").on(t.code),
    index("gift_cards_order_idx").on(t.orderId),
    index("gift_cards_buyer_idx").on(t.buyerCustomerId, t.createdAt.desc()),
    index("gift_cards_expiry_idx").on(t.expiresAt).where(sql`${t.status} = 'ISSUED'`),
    check("gift_cards_amount_positive", sql`${t.amount} > 0`),
  ],
);
