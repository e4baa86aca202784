/**
 * The files of photos taken off deals: every width and format of a removed photo is deleted from
 * file storage once no cached page can still name it (a week: far beyond any page's max-age) and
 * no deal lists it (a clone shares its source's files; uploading the same photo again brings it
 * back). docs/decisions/deal-photos.md.
 */
import { and, asc, eq, isNull, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { FileStorage } from "../../lib/file-storage";
import { isImageOnAnyDeal } from "../catalog/deal-images";
import type { DealImage } from "../catalog/schema";
import { PHOTO_FORMATS, PHOTO_WIDTHS, renditionKeyUnder } from "./photo-files";
import { dealPhotoRemovals } from "./schema";

export const REMOVED_PHOTO_GRACE_MS = 7 * 86_400_000;
export const PHOTO_SWEEP_BATCH_SIZE = 100;

/** In the transaction that took them off a deal: the uploaded photos (drawn pictures have no files) to sweep later. */
export async function recordRemovedPhotos(tx: Db, dealId: number, before: DealImage[], after: DealImage[], at: Date): Promise<void> {
  const kept = new Set(after.map((image) => image.imageUrl));
  const removed = before.filter((image) => image.storageKey && !kept.has(image.imageUrl));
  if (removed.length === 0) return;
  await tx.insert(dealPhotoRemovals).values(removed.map((image) => ({ dealId, imageUrl: image.imageUrl, storageKey: image.storageKey!, removedAt: at })));
}

/**
 * Before an upload stores its files: a pending removal of the same photo (same content, same
 * key) is forgotten, so the sweep cannot delete the files the upload is about to write. Should the
 * sweep hold that removal now, this waits until it has finished, and the upload writes afterwards.
 */
export async function forgetPendingRemoval(db: Db, storageKey: string): Promise<void> {
  await db.delete(dealPhotoRemovals).where(and(eq(dealPhotoRemovals.storageKey, storageKey), isNull(dealPhotoRemovals.sweptAt)));
}

/**
 * One batch of due removals, under row locks other instances skip: the files are deleted unless a
 * deal lists the photo again; either way the removal is marked swept. Deleting a missing file is
 * not an error, so a batch cut short by a crash is safely done again. Answers how many photos'
 * files were deleted.
 */
export async function sweepRemovedPhotos(db: Db, storage: FileStorage, now: Date, batchSize = PHOTO_SWEEP_BATCH_SIZE): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(dealPhotoRemovals)
      .where(and(isNull(dealPhotoRemovals.sweptAt), lte(dealPhotoRemovals.removedAt, new Date(now.getTime() - REMOVED_PHOTO_GRACE_MS))))
      .orderBy(asc(dealPhotoRemovals.removedAt))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    let deleted = 0;
    for (const removal of due) {
      if (!(await isImageOnAnyDeal(tx, removal.imageUrl))) {
        for (const width of PHOTO_WIDTHS) for (const format of PHOTO_FORMATS) await storage.delete(renditionKeyUnder(removal.storageKey, width, format));
        deleted++;
      }
      await tx.update(dealPhotoRemovals).set({ sweptAt: now }).where(eq(dealPhotoRemovals.id, removal.id));
    }
    return deleted;
  });
}
