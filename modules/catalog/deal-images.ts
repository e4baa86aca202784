import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type DealImage, deals } from "./schema";

/** A deal's pictures under a row lock (null for an unknown deal), for a change that rewrites them. */
export async function lockDealImages(tx: Db, dealId: number): Promise<{ images: DealImage[]; status: string } | null> {
  const [row] = await tx.select({ images: deals.images, status: deals.status }).from(deals).where(eq(deals.id, dealId)).for("update");
  return row ?? null;
}

/** Replaces a deal's pictures (the first is its main picture and og:image). */
export async function writeDealImages(tx: Db, dealId: number, images: DealImage[], at: Date): Promise<void> {
  await tx.update(deals).set({ images, updatedAt: at }).where(eq(deals.id, dealId));
}

/** A deal's pictures in order (empty for an unknown deal). */
export async function readDealImages(db: Db, dealId: number): Promise<DealImage[]> {
  const [row] = await db.select({ images: deals.images }).from(deals).where(eq(deals.id, dealId));
  return row?.images ?? [];
}

/** Whether any deal (a clone shares its source's files) lists this picture now. */
export async function isImageOnAnyDeal(db: Db, imageUrl: string): Promise<boolean> {
  const [row] = await db
    .select({ id: deals.id })
    .from(deals)
    .where(sql`${deals.images} @> ${JSON.stringify([{ imageUrl }])}::jsonb`)
    .limit(1);
  return row !== undefined;
}
