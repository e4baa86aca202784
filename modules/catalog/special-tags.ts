import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { specialTags } from "./schema";

export type SpecialTag = typeof specialTags.$inferSelect;

export async function findSpecialTag(db: Db, slug: string): Promise<SpecialTag | null> {
  const [row] = await db.select().from(specialTags).where(eq(specialTags.slug, slug)).limit(1);
  return row ?? null;
}
