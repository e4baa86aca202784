import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { customers } from "../accounts/schema";
import { deals, type DealType } from "../catalog/schema";

/**
 * The last deals a shopper opened, kept per location type (local, national, travel). A guest's
 * views hang off the random visitor id in their cookie and move to the account at login.
 */
export const recentlyViewedDeals = pgTable(
  "recently_viewed_deals",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    visitorId: text("visitor_id"),
    locationType: text("location_type").$type<DealType>().notNull(),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("recently_viewed_one_owner", sql`num_nonnulls(${t.customerId}, ${t.visitorId}) = 1`),
    uniqueIndex("recently_viewed_customer_deal_uq").on(t.customerId, t.locationType, t.dealId),
    uniqueIndex("recently_viewed_visitor_deal_uq").on(t.visitorId, t.locationType, t.dealId),
    index("recently_viewed_visitor_time_idx").on(t.visitorId, t.viewedAt),
  ],
);
