import { doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { deals } from "../catalog/schema";

export type RecommendationSource = "co_purchase" | "co_view" | "both";

/**
 * Item-to-item recommendations: for each deal, the deals its buyers and viewers also bought or
 * viewed, scored by a job and served from here (a read is one index range, never a computation).
 */
export const dealRecommendations = pgTable(
  "deal_recommendations",
  {
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    recommendedDealId: integer("recommended_deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    score: doublePrecision("score").notNull(),
    source: text("source").$type<RecommendationSource>().notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.dealId, t.recommendedDealId] }),
    index("deal_recommendations_deal_score_idx").on(t.dealId, t.score.desc()),
  ],
);
