import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { categories } from "./schema";

/** Which of these category ids exist (top-level or sub-category). */
export async function knownCategoryIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(inArray(categories.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}
