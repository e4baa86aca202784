import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { BrandId } from "../../lib/brand";
import { customers } from "../accounts/schema";
import { deals } from "../catalog/schema";

/**
 * A wish list, created on the first add. A guest's list is reached through the random id in the
 * wishlist cookie; a customer has one list per account, into which a guest list merges at login.
 */
export const wishlists = pgTable(
  "wishlists",
  {
    id: text("id").primaryKey(),
    brand: text("brand").$type<BrandId>().notNull(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("wishlists_customer_uq").on(t.customerId), index("wishlists_updated_idx").on(t.updatedAt)],
);

export const wishlistDeals = pgTable(
  "wishlist_deals",
  {
    wishlistId: text("wishlist_id")
      .notNull()
      .references(() => wishlists.id, { onDelete: "cascade" }),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.wishlistId, t.dealId] }), index("wishlist_deals_deal_idx").on(t.dealId)],
);
