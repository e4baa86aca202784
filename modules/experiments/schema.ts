import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The A/B exposure log: which visitor saw which variant of which test, first and last time and how
 * often. One row per visitor, test and variant keeps it bounded however often a page is reloaded.
 */
export const abExposures = pgTable(
  "ab_exposures",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    test: text("test").notNull(),
    variant: text("variant").notNull(),
    visitorId: text("visitor_id").notNull(),
    brand: text("brand").notNull(),
    exposures: integer("exposures").notNull().default(1),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("ab_exposures_visitor_test_variant_uq").on(t.visitorId, t.test, t.variant),
    index("ab_exposures_test_variant_idx").on(t.test, t.variant),
    // The back office reads by time: visitors who entered a test in a period (first seen), visitors seen today (last seen).
    index("ab_exposures_first_seen_idx").on(t.firstSeenAt),
    index("ab_exposures_last_seen_idx").on(t.lastSeenAt),
  ],
);
