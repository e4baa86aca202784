/**
 * Where the drawn deal pictures live and which sizes they come in: the URLs the seed stores, the
 * `srcset` and `sizes` the tiles and the gallery print, and the check of a request for one
 * (served by server/app.ts, drawn by ./draw.ts).
 *
 * URLs: /img/deal/{category}/{subCategory}/{dealId}-{n}[-{width}w].svg (seeded deals) and the
 * older /img/deal/{category}/{n}.svg, both served by server/app.ts with a year-long cache.
 */

export const DEAL_IMAGE_VARIANTS = 6;
/** Widths offered in srcset; the first is the default (the URL without a width). */
export const DEAL_IMAGE_WIDTHS = [640, 320, 960, 1280] as const;
export const DEAL_IMAGE_ASPECT = 10 / 16;
/** `sizes` for a tile in the deal grids (1 column on phones, up to 4 on wide screens). */
export const TILE_IMAGE_SIZES = "(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw";
/** `sizes` for the narrow tiles of the 4-6 column grid. */
export const COMPACT_TILE_IMAGE_SIZES = "(min-width: 1280px) 200px, (min-width: 1024px) 17vw, (min-width: 640px) 33vw, 50vw";
/** `sizes` for the deal page gallery (full width on phones, the left column beside the buy panel on desktop). */
export const GALLERY_IMAGE_SIZES = "(min-width: 1280px) 820px, (min-width: 1024px) calc(100vw - 460px), 100vw";
/** Widths of an uploaded photo (/img/photo/{dealId}/{name}[-{width}w].jpg, made by modules/deal-pipeline/photo-files.ts). */
export const UPLOADED_PHOTO_WIDTHS = [320, 640, 960, 1280] as const;
/** The width of the URL without a width, and of the drawing's coordinates. */
export const BASE_WIDTH = 640;

export interface DealImageRequest {
  category: string;
  subCategory?: string;
  /** The deal's id (0 for the older per-category URLs). */
  dealId?: number;
  variant: number;
  width?: number;
}

const SLUG = /^[a-z0-9-]{1,64}$/;

export function isValidImageRequest(request: DealImageRequest): boolean {
  const { category, subCategory, dealId = 0, variant, width } = request;
  return (
    SLUG.test(category) &&
    (subCategory === undefined || SLUG.test(subCategory)) &&
    Number.isSafeInteger(dealId) &&
    dealId >= 0 &&
    Number.isInteger(variant) &&
    variant >= 1 &&
    variant <= DEAL_IMAGE_VARIANTS &&
    (width === undefined || (DEAL_IMAGE_WIDTHS as readonly number[]).includes(width))
  );
}

/** The path of a seeded deal's picture. */
export function dealImagePath(category: string, subCategory: string, dealId: number, variant: number): string {
  return `/img/deal/${category}/${subCategory}/${dealId}-${variant}.svg`;
}

/** Parses the file part of /img/deal/{category}/{subCategory}/{file}: `{dealId}-{n}[-{w}w].svg`. */
export function parseDealImageFile(file: string): { dealId: number; variant: number; width?: number } | null {
  const match = /^(\d{1,12})-(\d{1,2})(?:-(\d{3,4})w)?\.svg$/.exec(file);
  if (!match) return null;
  return { dealId: Number(match[1]), variant: Number(match[2]), width: match[3] ? Number(match[3]) : undefined };
}

/**
 * `srcset` for a deal picture URL served by us (undefined for any other URL, which has one size):
 * the widths of DEAL_IMAGE_WIDTHS, so phones fetch the narrow, lighter drawing.
 */
export function dealImageSrcSet(imageUrl: string): string | undefined {
  const photo = uploadedPhotoSrcSet(imageUrl, "jpg");
  if (photo) return photo;
  const match = /^(\/img\/deal\/[a-z0-9-]+\/[a-z0-9-]+\/\d+-\d+)\.svg$/.exec(imageUrl);
  if (!match) return undefined;
  return [...DEAL_IMAGE_WIDTHS]
    .sort((a, b) => a - b)
    .map((width) => `${width === BASE_WIDTH ? `${match[1]}.svg` : `${match[1]}-${width}w.svg`} ${width}w`)
    .join(", ");
}

const UPLOADED_PHOTO = /^(\/img\/photo\/\d+\/[0-9a-f]{16})\.jpg$/;

/** `srcset` of an uploaded photo's renditions in one format (undefined for any other URL). */
function uploadedPhotoSrcSet(imageUrl: string, format: "jpg" | "webp"): string | undefined {
  const photo = UPLOADED_PHOTO.exec(imageUrl);
  if (!photo) return undefined;
  return UPLOADED_PHOTO_WIDTHS.map((width) => `${photo[1]}${width === BASE_WIDTH ? "" : `-${width}w`}.${format} ${width}w`).join(", ");
}

/**
 * The WebP `srcset` of an uploaded photo, for a `<picture>`'s source (about a third lighter than
 * the JPEG at the same quality); undefined for drawn pictures, which are SVG already.
 */
export function dealImageWebpSrcSet(imageUrl: string): string | undefined {
  return uploadedPhotoSrcSet(imageUrl, "webp");
}

/** The narrowest drawing of a picture (thumbnails), or the URL itself when it has no sizes. */
export function smallestDealImage(imageUrl: string): string {
  if (UPLOADED_PHOTO.test(imageUrl)) return imageUrl.replace(/\.jpg$/, "-320w.jpg");
  return dealImageSrcSet(imageUrl) ? imageUrl.replace(/\.svg$/, `-${Math.min(...DEAL_IMAGE_WIDTHS)}w.svg`) : imageUrl;
}
