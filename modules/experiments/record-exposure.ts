import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import type { Assignment } from "./assign";
import { abExposures } from "./schema";

/**
 * Logs that a visitor saw these variants: one row per visitor, test and variant, its count going up
 * by one per page view (an upsert, so concurrent page views never collide).
 */
export async function recordExposures(
  db: Db,
  clock: Clock,
  input: { visitorId: string; brand: BrandId; assignments: readonly Assignment[] },
): Promise<void> {
  if (input.assignments.length === 0) return;
  const now = clock.now();
  await db
    .insert(abExposures)
    .values(input.assignments.map((a) => ({ test: a.test, variant: a.variant, visitorId: input.visitorId, brand: input.brand, exposures: 1, firstSeenAt: now, lastSeenAt: now })))
    .onConflictDoUpdate({
      target: [abExposures.visitorId, abExposures.test, abExposures.variant],
      set: { exposures: sql`${abExposures.exposures} + 1`, lastSeenAt: now },
    });
}

export interface ExposureRow {
  test: string;
  variant: string;
  exposures: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

/** One visitor's exposure log (what the visitor's own browser may see of it). */
export function visitorExposures(db: Db, visitorId: string): Promise<ExposureRow[]> {
  return db
    .select({ test: abExposures.test, variant: abExposures.variant, exposures: abExposures.exposures, firstSeenAt: abExposures.firstSeenAt, lastSeenAt: abExposures.lastSeenAt })
    .from(abExposures)
    .where(eq(abExposures.visitorId, visitorId))
    .orderBy(asc(abExposures.test), asc(abExposures.variant));
}

/** Visitors and exposures per variant of a test (for the people reading the test's results). */
export function exposureSummary(db: Db, test: string): Promise<{ variant: string; visitors: number; exposures: number }[]> {
  return db
    .select({ variant: abExposures.variant, visitors: sql<number>`count(*)::int`, exposures: sql<number>`coalesce(sum(${abExposures.exposures}), 0)::int` })
    .from(abExposures)
    .where(eq(abExposures.test, test))
    .groupBy(abExposures.variant)
    .orderBy(asc(abExposures.variant));
}
