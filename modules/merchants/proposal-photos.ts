import type { FileStorage } from "../../lib/file-storage";
import type { DealImage } from "../catalog/schema";
import { checkUpload } from "../deal-pipeline/deal-photos";
import { PHOTO_FORMATS, PHOTO_WIDTHS, makeRenditions, photoName, photoUrl, renditionKey } from "../deal-pipeline/photo-files";
import { MAX_PROPOSAL_PHOTOS, proposalAltField, proposalPhotoField } from "./proposal-form";
import type { ProposedPhoto } from "./schema";


/** Where a proposal photo's rendition is kept until the proposal becomes a deal: `proposal-photos/{merchantId}/{name}/{width}.{format}`. */
const proposalKey = (base: string, width: number, format: string) => `${base}/${width}.${format}`;

/**
 * Checks and stores a proposal's photos through the same pipeline as the deal editor's (type read
 * from the bytes, SVG refused, 10 MB, alt text required; every width and format made by sharp).
 * Nothing is stored unless every photo passes. Empty file inputs are ignored.
 */
export async function storeProposalPhotos(
  storage: FileStorage,
  merchantId: number,
  uploads: { bytes: Uint8Array; alt: string }[],
): Promise<{ ok: true; photos: ProposedPhoto[] } | { ok: false; fieldErrors: Record<string, string> }> {
  const errors: Record<string, string> = {};
  const chosen = uploads.map((upload, index) => ({ ...upload, index })).filter((upload) => upload.bytes.length > 0 || upload.alt.trim() !== "");
  if (chosen.length > MAX_PROPOSAL_PHOTOS) errors[proposalPhotoField(0)] = `Attach at most ${MAX_PROPOSAL_PHOTOS} photos.`;
  for (const upload of chosen) {
    for (const problem of checkUpload(upload.bytes, upload.alt))
      errors[problem.field === "photo" ? proposalPhotoField(upload.index) : proposalAltField(upload.index)] = problem.message;
  }
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  const photos: ProposedPhoto[] = [];
  for (const upload of chosen) {
    let renditions;
    try {
      renditions = await makeRenditions(upload.bytes);
    } catch {
      return { ok: false, fieldErrors: { [proposalPhotoField(upload.index)]: "The photo could not be read: it may be damaged. Please try another file." } };
    }
    const base = `proposal-photos/${merchantId}/${photoName(upload.bytes)}`;
    for (const rendition of renditions) await storage.put(proposalKey(base, rendition.width, rendition.format), rendition.bytes, rendition.contentType);
    photos.push({ storageKey: base, alt: upload.alt.trim() });
  }
  return { ok: true, photos };
}

/** A small picture of a proposal photo for the portal and the back office (inline, so no public URL names it); null when missing. */
export async function proposalPhotoPreview(storage: FileStorage, photo: ProposedPhoto): Promise<string | null> {
  const bytes = await storage.get(proposalKey(photo.storageKey, 320, "jpg"));
  return bytes ? `data:image/jpeg;base64,${Buffer.from(bytes).toString("base64")}` : null;
}

/** Copies a proposal's photos to the deal's own keys (as the deal editor stores them) and answers the deal's picture list. */
export async function copyPhotosToDeal(storage: FileStorage, photos: ProposedPhoto[], dealId: number): Promise<DealImage[]> {
  const images: DealImage[] = [];
  for (const photo of photos) {
    const name = photo.storageKey.split("/").at(-1)!;
    for (const width of PHOTO_WIDTHS) {
      for (const format of PHOTO_FORMATS) {
        const bytes = await storage.get(proposalKey(photo.storageKey, width, format));
        if (bytes) await storage.put(renditionKey(dealId, name, width, format), bytes, format === "webp" ? "image/webp" : "image/jpeg");
      }
    }
    images.push({ imageUrl: photoUrl(dealId, name, "jpg"), extension: "jpg", alt: photo.alt, storageKey: `deal-photos/${dealId}/${name}` });
  }
  return images;
}
