import { createHash } from "node:crypto";
import sharp from "sharp";

/** The largest upload accepted (docs/decisions/deal-photos.md). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** Widths made for each photo: the storefront's srcset widths (lib/deal-pictures/urls.ts); 640 is the default. */
export const PHOTO_WIDTHS = [320, 640, 960, 1280] as const;
/** Formats made for each width: WebP for browsers that take it, JPEG for the rest and for og:image. */
export const PHOTO_FORMATS = ["webp", "jpg"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
export type UploadType = "jpeg" | "png" | "webp";

/** The image type from the file's first bytes (never its name or the browser's word), or null. */
export function sniffImageType(bytes: Uint8Array): UploadType | null {
  const at = (offset: number, ...values: number[]) => values.every((value, i) => bytes[offset + i] === value);
  if (bytes.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (bytes.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (bytes.length >= 12 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  return null;
}

export interface Rendition {
  width: number;
  format: PhotoFormat;
  contentType: string;
  bytes: Uint8Array;
}

/** A short name from the photo's content: the same upload gets the same name, a new one a new name (so URLs are immutable). */
export function photoName(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 16);
}

/**
 * Every width and format of a photo: turned upright from its EXIF orientation, cropped to the
 * storefront's 16:10 frame, metadata (EXIF, GPS, ICC other than sRGB) left out.
 */
export async function makeRenditions(bytes: Uint8Array): Promise<Rendition[]> {
  const renditions: Rendition[] = [];
  for (const width of PHOTO_WIDTHS) {
    const height = Math.round((width * 10) / 16);
    const base = sharp(bytes, { limitInputPixels: 50_000_000 }).rotate().resize(width, height, { fit: "cover", position: "attention" });
    renditions.push({ width, format: "webp", contentType: "image/webp", bytes: new Uint8Array(await base.clone().webp({ quality: 80 }).toBuffer()) });
    renditions.push({ width, format: "jpg", contentType: "image/jpeg", bytes: new Uint8Array(await base.clone().jpeg({ quality: 82, mozjpeg: true }).toBuffer()) });
  }
  return renditions;
}

/** Where a photo's renditions are stored: `deal-photos/{dealId}/{name}` (the deal's image keeps it as its `storageKey`). */
export function photoStorageKey(dealId: number, name: string): string {
  return `deal-photos/${dealId}/${name}`;
}

/** The storage key of one rendition: `{photo's storage key}/{width}.{format}`. */
export function renditionKeyUnder(storageKey: string, width: number, format: PhotoFormat): string {
  return `${storageKey}/${width}.${format}`;
}

/** The storage key of one rendition of a deal's photo: `deal-photos/{dealId}/{name}/{width}.{format}`. */
export function renditionKey(dealId: number, name: string, width: number, format: PhotoFormat): string {
  return renditionKeyUnder(photoStorageKey(dealId, name), width, format);
}

/** The shopper's URL of a rendition: `/img/photo/{dealId}/{name}[-{width}w].{format}` (640 wide without a width). */
export function photoUrl(dealId: number, name: string, format: PhotoFormat, width?: number): string {
  return `/img/photo/${dealId}/${name}${width && width !== 640 ? `-${width}w` : ""}.${format}`;
}

/** Parses the file part of /img/photo/{dealId}/{file}: `{name}[-{width}w].{webp|jpg}`, or null. */
export function parsePhotoFile(file: string): { name: string; width: number; format: PhotoFormat } | null {
  const match = /^([0-9a-f]{16})(?:-(\d{3,4})w)?\.(webp|jpg)$/.exec(file);
  if (!match) return null;
  const width = match[2] ? Number(match[2]) : 640;
  if (!(PHOTO_WIDTHS as readonly number[]).includes(width)) return null;
  return { name: match[1], width, format: match[3] as PhotoFormat };
}
