import { and, asc, countDistinct, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { EXPERIMENTS, type ExperimentName } from "./assign";
import { abExposures } from "./schema";

export interface VariantExposures {
  test: string;
  variant: string;
  /** Whether the test is assigned today (listed in EXPERIMENTS) or only history in the log. */
  running: boolean;
  /** Browsers (A/B visitor cookies) first shown this variant in the period. */
  visitors: number;
  /** Every time those browsers were shown it, from their first exposure until now. */
  exposures: number;
}

/**
 * Exposures per test and variant for the browsers that entered the test in a period (first seen
 * in it). The log keeps one row per browser, test and variant with a running count, not one per
 * day, so "entered in the period" is the only period figure it answers exactly. Every variant of a
 * running test is listed, with noughts when nobody saw it; a test no longer assigned is listed
 * only when its history has rows in the period.
 */
export async function exposuresByVariant(db: Db, period: { start: Date; end: Date }): Promise<VariantExposures[]> {
  const rows = await db
    .select({
      test: abExposures.test,
      variant: abExposures.variant,
      visitors: countDistinct(abExposures.visitorId),
      exposures: sql<number>`coalesce(sum(${abExposures.exposures}), 0)::bigint::float8`,
    })
    .from(abExposures)
    .where(and(gte(abExposures.firstSeenAt, period.start), lt(abExposures.firstSeenAt, period.end)))
    .groupBy(abExposures.test, abExposures.variant)
    .orderBy(asc(abExposures.test), asc(abExposures.variant));
  const found = new Map(rows.map((row) => [`${row.test}\u0000${row.variant}`, row]));
  const running: VariantExposures[] = Object.entries(EXPERIMENTS).flatMap(([test, experiment]) =>
    experiment.variants.map((variant) => {
      const row = found.get(`${test}\u0000${variant}`);
      return { test, variant, running: true, visitors: row?.visitors ?? 0, exposures: Number(row?.exposures ?? 0) };
    }),
  );
  const history = rows
    .filter((row) => !(row.test in EXPERIMENTS) || !(EXPERIMENTS[row.test as ExperimentName].variants as readonly string[]).includes(row.variant))
    .map((row) => ({ test: row.test, variant: row.variant, running: false, visitors: row.visitors, exposures: Number(row.exposures) }));
  return [...running, ...history];
}

/**
 * Distinct browsers per brand seen since an instant: the app shell logs an exposure on every page
 * view of a browser that runs JavaScript (the header's search test), keyed by the A/B visitor cookie.
 */
export function visitorsSeenSince(db: Db, since: Date): Promise<{ brand: string; visitors: number }[]> {
  return db
    .select({ brand: abExposures.brand, visitors: countDistinct(abExposures.visitorId) })
    .from(abExposures)
    .where(gte(abExposures.lastSeenAt, since))
    .groupBy(abExposures.brand)
    .orderBy(asc(abExposures.brand));
}
