import { date, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { deals } from "../catalog/schema";

/** How often each deal's tile was fully seen, per UK day (one row per deal and day, not per view). */
export const dealImpressions = pgTable(
  "deal_impressions",
  {
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    impressions: integer("impressions").notNull(),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.day] })],
);
