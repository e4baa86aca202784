import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { deals } from "../catalog/schema";

/**
 * A merchant pays to show one deal in marked slots of search results. It targets keywords (any
 * query word) or categories (top-level or sub-category ids), pays its bid per click, and stops
 * showing for the rest of the UK day once the day's spend reaches its daily budget.
 */
export const sponsoredCampaigns = pgTable(
  "sponsored_campaigns",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** The public id of the placement, sent back with impressions and clicks. */
    adId: text("ad_id").notNull(),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    /** Lower-case single words; a search containing any of them may show the campaign. */
    keywords: text("keywords").array().notNull().default(sql`'{}'::text[]`),
    categoryIds: integer("category_ids").array().notNull().default(sql`'{}'::int[]`),
    /** Cost per click in minor units of the deal's currency. */
    bid: integer("bid").notNull(),
    dailyBudget: integer("daily_budget").notNull(),
    active: boolean("active").notNull().default(true),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    /** Null: runs until switched off. */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sponsored_campaigns_ad_id_uq").on(t.adId),
    index("sponsored_campaigns_keywords_idx").using("gin", t.keywords),
    index("sponsored_campaigns_category_ids_idx").using("gin", t.categoryIds),
    check("sponsored_campaigns_money_positive", sql`${t.bid} > 0 and ${t.dailyBudget} > 0`),
  ],
);

/** A shopper's search session (spec: "Session id is created on demand"); ids are random tokens. */
export const sponsoredSessions = pgTable("sponsored_sessions", {
  id: text("id").primaryKey(),
  /** The signed-in customer's token when the session was created by one; guests have none. */
  customerToken: text("customer_token"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

export type SponsoredEventType = "impression" | "click";

/** Each impression and click counts once per session and campaign; repeats are ignored. */
export const sponsoredEvents = pgTable(
  "sponsored_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sponsoredSessions.id, { onDelete: "cascade" }),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => sponsoredCampaigns.id, { onDelete: "cascade" }),
    type: text("type").$type<SponsoredEventType>().notNull(),
    /** What the click cost the campaign (0 for impressions, and for clicks past the budget). */
    cost: integer("cost").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("sponsored_events_once_per_session_uq").on(t.sessionId, t.campaignId, t.type)],
);

/** Per campaign and UK day: counted impressions and clicks and the money spent. */
export const sponsoredDailyStats = pgTable(
  "sponsored_daily_stats",
  {
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => sponsoredCampaigns.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    impressions: integer("impressions").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
    spend: integer("spend").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day] })],
);
