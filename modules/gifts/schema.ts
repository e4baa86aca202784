import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export type GiftClaimStatus = "SENT" | "CLAIMED" | "CANCELLED";

/**
 * A voucher given as a gift (an E-gift line, or "Gift it" on a voucher already bought): the
 * recipient gets a gift code (unguessable, case-sensitive) and a link to /mygift; claiming it makes
 * them the voucher's holder. The purchaser never sees the voucher's code once it is a gift.
 */
export const giftClaims = pgTable(
  "gift_claims",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    code: text("code").notNull(),
    voucherId: integer("voucher_id").notNull(),
    orderId: integer("order_id").notNull(),
    buyerCustomerId: integer("buyer_customer_id").notNull(),
    recipientName: text("recipient_name").notNull(),
    recipientEmail: text("recipient_email").notNull(),
    message: text("message"),
    status: text("status").$type<GiftClaimStatus>().notNull().default("SENT"),
    claimedByCustomerId: integer("claimed_by_customer_id"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("gift_claims_code_uq").on(t.code),
    // A voucher is given once at a time (a cancelled gift may be given again).
    uniqueIndex("gift_claims_open_voucher_uq").on(t.voucherId).where(sql`${t.status} <> 'CANCELLED'`),
    index("gift_claims_buyer_idx").on(t.buyerCustomerId, t.createdAt.desc()),
  ],
);
