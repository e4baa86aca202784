import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { dealImpressions } from "./schema";

/** Impressions of the given deals on one UK day (YYYY-MM-DD); deals never seen that day are absent. */
export async function dealImpressionCounts(db: Db, day: string, dealIds: readonly number[]): Promise<Map<number, number>> {
  if (dealIds.length === 0) return new Map();
  const rows = await db
    .select({ dealId: dealImpressions.dealId, impressions: dealImpressions.impressions })
    .from(dealImpressions)
    .where(and(eq(dealImpressions.day, day), inArray(dealImpressions.dealId, [...dealIds])));
  return new Map(rows.map((row) => [row.dealId, row.impressions]));
}
