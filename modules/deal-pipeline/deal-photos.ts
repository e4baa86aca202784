import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { FileStorage } from "../../lib/file-storage";
import { announceDealChanges } from "../catalog/deal-changes";
import { lockDealImages, writeDealImages } from "../catalog/deal-images";
import type { DealImage } from "../catalog/schema";
import { reindexDeals } from "../search/index-deals";
import { hasPermission } from "../staff/permissions";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { dealPipelineError } from "./errors";
import { MAX_PHOTO_BYTES, makeRenditions, photoName, photoStorageKey, photoUrl, renditionKey, sniffImageType } from "./photo-files";
import { forgetPendingRemoval, recordRemovedPhotos } from "./sweep-removed-photos";

export const MAX_ALT_LENGTH = 250;

/** What a refused photo change tells the member of staff (shown beside the field). */
export type PhotoProblem = { field: "photo" | "alt"; message: string };

function checkAlt(alt: string): PhotoProblem | null {
  const text = alt.trim();
  if (!text) return { field: "alt", message: "Describe the photo for shoppers who cannot see it (alt text is required)." };
  if (text.length > MAX_ALT_LENGTH) return { field: "alt", message: `Keep the alt text to ${MAX_ALT_LENGTH} characters or fewer.` };
  return null;
}

/** The photo's checks before anything is made or stored: its bytes' type, its size, its alt text. */
export function checkUpload(bytes: Uint8Array, alt: string): PhotoProblem[] {
  const problems: PhotoProblem[] = [];
  if (bytes.length === 0) problems.push({ field: "photo", message: "Choose a photo to upload." });
  else if (bytes.length > MAX_PHOTO_BYTES) problems.push({ field: "photo", message: "The photo must be 10 MB or smaller." });
  else if (!sniffImageType(bytes)) problems.push({ field: "photo", message: "The photo must be a JPEG, PNG or WebP image (SVG and other files are not accepted)." });
  const altProblem = checkAlt(alt);
  if (altProblem) problems.push(altProblem);
  return problems;
}

function requireEditor(actor: StaffActor) {
  if (!actor.role || !hasPermission(actor.role, "deals.edit")) throw dealPipelineError("NOT_YOUR_ROLE");
}

const summary = (images: DealImage[]) => images.map((image) => ({ imageUrl: image.imageUrl, alt: image.alt ?? null }));

/** Writes the new list with its audit row in one transaction; a live deal's pages are dropped and search reindexed. */
async function changePhotos(db: Db, clock: Clock, actor: StaffActor, dealId: number, action: string, change: (images: DealImage[]) => DealImage[]): Promise<DealImage[]> {
  let after: DealImage[] = [];
  let live = false;
  await db.transaction(async (tx) => {
    const deal = await lockDealImages(tx, dealId);
    if (!deal) throw dealPipelineError("DEAL_NOT_FOUND");
    after = change(deal.images);
    await writeDealImages(tx, dealId, after, clock.now());
    await recordRemovedPhotos(tx, dealId, deal.images, after, clock.now());
    await recordStaffChange(tx, clock, actor, { action, entity: { type: "deal", id: dealId }, before: { photos: summary(deal.images) }, after: { photos: summary(after) } });
    live = deal.status === "live";
    if (live) await announceDealChanges(tx, [dealId]);
  });
  if (live) await reindexDeals(db, [dealId], clock);
  return after;
}

/**
 * A deal manager uploads a photo: its type is read from its bytes (JPEG, PNG or WebP; SVG and
 * anything else refused), its size and alt text checked, then sharp makes every width in WebP
 * and JPEG, which are stored before the deal's list names them (a failed write leaves stored
 * files nobody points at, never a list pointing at nothing). Added at the end of the list.
 */
export async function uploadDealPhoto(
  db: Db,
  clock: Clock,
  storage: FileStorage,
  actor: StaffActor,
  upload: { dealId: number; bytes: Uint8Array; alt: string },
): Promise<{ ok: true; images: DealImage[] } | { ok: false; problems: PhotoProblem[] }> {
  requireEditor(actor);
  const problems = checkUpload(upload.bytes, upload.alt);
  if (problems.length > 0) return { ok: false, problems };
  let renditions;
  try {
    renditions = await makeRenditions(upload.bytes);
  } catch {
    return { ok: false, problems: [{ field: "photo", message: "The photo could not be read: it may be damaged. Please try another file." }] };
  }
  const name = photoName(upload.bytes);
  await forgetPendingRemoval(db, photoStorageKey(upload.dealId, name));
  for (const rendition of renditions) await storage.put(renditionKey(upload.dealId, name, rendition.width, rendition.format), rendition.bytes, rendition.contentType);
  const image: DealImage = { imageUrl: photoUrl(upload.dealId, name, "jpg"), extension: "jpg", alt: upload.alt.trim(), storageKey: photoStorageKey(upload.dealId, name) };
  const images = await changePhotos(db, clock, actor, upload.dealId, "deal.photo-upload", (current) => [...current.filter((other) => other.imageUrl !== image.imageUrl), image]);
  return { ok: true, images };
}

/** Moves a photo one place up or down (the first is the main picture and og:image). */
export async function moveDealPhoto(db: Db, clock: Clock, actor: StaffActor, dealId: number, imageUrl: string, direction: "up" | "down"): Promise<DealImage[]> {
  requireEditor(actor);
  return changePhotos(db, clock, actor, dealId, "deal.photo-reorder", (images) => {
    const index = images.findIndex((image) => image.imageUrl === imageUrl);
    if (index < 0) throw dealPipelineError("PHOTO_NOT_FOUND");
    const target = direction === "up" ? index - 1 : index + 1;
    if (target < 0 || target >= images.length) return images;
    const next = [...images];
    [next[index], next[target]] = [next[target], next[index]];
    return next;
  });
}

/** Puts the photos in a new order (drag and drop sends the whole order); the list must name each photo once. */
export async function reorderDealPhotos(db: Db, clock: Clock, actor: StaffActor, dealId: number, order: string[]): Promise<DealImage[]> {
  requireEditor(actor);
  return changePhotos(db, clock, actor, dealId, "deal.photo-reorder", (images) => {
    if (order.length !== images.length || new Set(order).size !== order.length) throw dealPipelineError("PHOTO_ORDER_INVALID");
    return order.map((url) => {
      const image = images.find((candidate) => candidate.imageUrl === url);
      if (!image) throw dealPipelineError("PHOTO_ORDER_INVALID");
      return image;
    });
  });
}

/** Changes a photo's alt text. */
export async function editDealPhotoAlt(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  dealId: number,
  imageUrl: string,
  alt: string,
): Promise<{ ok: true } | { ok: false; problems: PhotoProblem[] }> {
  requireEditor(actor);
  const problem = checkAlt(alt);
  if (problem) return { ok: false, problems: [problem] };
  await changePhotos(db, clock, actor, dealId, "deal.photo-alt", (images) => {
    if (!images.some((image) => image.imageUrl === imageUrl)) throw dealPipelineError("PHOTO_NOT_FOUND");
    return images.map((image) => (image.imageUrl === imageUrl ? { ...image, alt: alt.trim() } : image));
  });
  return { ok: true };
}

/** Takes a photo off the deal; its stored files stay a week, so cached pages that still name them keep working, then the sweep deletes them (sweep-removed-photos.ts). */
export async function removeDealPhoto(db: Db, clock: Clock, actor: StaffActor, dealId: number, imageUrl: string): Promise<DealImage[]> {
  requireEditor(actor);
  return changePhotos(db, clock, actor, dealId, "deal.photo-remove", (images) => {
    if (!images.some((image) => image.imageUrl === imageUrl)) throw dealPipelineError("PHOTO_NOT_FOUND");
    return images.filter((image) => image.imageUrl !== imageUrl);
  });
}
