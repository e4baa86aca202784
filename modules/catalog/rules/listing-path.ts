/**
 * Reads a browsing path into what it lists (spec discovery §2 path shapes). The same parser serves
 * the pages and `/v1/product-listing-page-deal?path=…`, so both agree on what a URL means.
 */
import { DomainError, errorCatalogue } from "../../../lib/errors";
import { parseRecordId } from "../../../lib/input";
import { type PageType, pageTypeFromPath } from "./page-type";

/** Every path problem is the caller's (400); the API names them LISTING_…. */
export const LISTING_PATH_ERRORS = errorCatalogue({
  400: {
    EMPTY: "Empty string received",
    FULL_URL: "Url must be a path: strip the origin before parsing it",
    PATH_REQUIRED: "Url Path is required to use getDeals",
    UNSUPPORTED: "Unsupported page type",
    EVERGREEN_WITHOUT_DEAL: "Evergreen path requires a deal id override",
    LOCATION: "Unable to parse location from path",
  },
});

export class ListingPathError extends DomainError {
  constructor(code: keyof typeof LISTING_PATH_ERRORS, detail?: string) {
    const { status, message } = LISTING_PATH_ERRORS[code];
    super(`LISTING_${code}`, status, detail ? `${message}: ${detail}` : message);
  }
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_CATEGORY_DEPTH = 3;

export type ListingTarget =
  /** /deals/{location}[/{category}[/{subCategory}[/{subSubCategory}]]] */
  | { kind: "location"; location: string; categories: string[] }
  /** /deals/{location}/gshop/{category}…: shop deals shown under a location. */
  | { kind: "gshop"; location: string; categories: string[] }
  /** /deals/shop/… (also /deals/national-deal/…) */
  | { kind: "shop"; categories: string[] }
  /** /deals/travel/… or /deals/escapes/… */
  | { kind: "travel"; segment: "travel" | "escapes"; categories: string[] }
  | { kind: "vip"; categories: string[] }
  | { kind: "wellness" }
  /** /{x}/{location}/special/{slug} */
  | { kind: "special"; location: string; slug: string }
  /** /near-me/{category}[/{subCategory}] and /near-me/hub */
  | { kind: "nearMe"; categories: string[] }
  /** /deal/{segment}/{category}/{subCategory}/{dealId|e}[/{productId}][/{blurb}] */
  | { kind: "deal"; segment: string; category: string; subCategory: string; dealId: number | "evergreen"; productId: number | null; blurb: string | null };

export interface ParsedListingPath {
  pageType: PageType;
  target: ListingTarget;
}

function slugs(segments: string[], what: string): string[] {
  if (segments.length > MAX_CATEGORY_DEPTH) throw new ListingPathError("UNSUPPORTED", `too many ${what} levels`);
  for (const segment of segments) if (!SLUG.test(segment)) throw new ListingPathError("UNSUPPORTED", `bad ${what} "${segment}"`);
  return segments;
}

function location(segment: string | undefined): string {
  if (!segment || !SLUG.test(segment)) throw new ListingPathError("LOCATION", segment ?? "(none)");
  return segment;
}

/** Throws ListingPathError for an empty path, a full URL, an unsupported page or a bad location. */
export function parseListingPath(path: string): ParsedListingPath {
  if (path === "") throw new ListingPathError("EMPTY");
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path) || path.startsWith("//")) throw new ListingPathError("FULL_URL");
  const [pathname, query = ""] = path.split("?", 2);
  const searchParams = new URLSearchParams(query);
  const segments = pathname.toLowerCase().split("/").filter(Boolean);
  const pageType = pageTypeFromPath(pathname, searchParams);
  const [first, second, ...rest] = segments;

  if (first === "deal" || first === "email-deal" || first === "email-deals") {
    return { pageType, target: parseDealSegments(segments.slice(1)) };
  }
  if (first === "near-me") {
    const categories = second === "hub" || second === undefined ? [] : slugs(segments.slice(1), "category");
    return { pageType, target: { kind: "nearMe", categories } };
  }
  if (first !== "deals" && first !== "deal-preview" && segments[2] !== "special") {
    throw new ListingPathError("UNSUPPORTED", pageType);
  }
  if (segments[2] === "special") {
    if (segments.length !== 4 || !SLUG.test(segments[3])) throw new ListingPathError("UNSUPPORTED", "special");
    return { pageType: "special", target: { kind: "special", location: location(second), slug: segments[3] } };
  }
  if (second === "shop" || second === "national-deal") return { pageType, target: { kind: "shop", categories: slugs(rest, "category") } };
  if (second === "travel" || second === "escapes") {
    return { pageType, target: { kind: "travel", segment: second, categories: slugs(rest, "category") } };
  }
  if (second === "vip") return { pageType, target: { kind: "vip", categories: slugs(rest, "category") } };
  if (second === "wellness-collection" && rest.length === 0) return { pageType, target: { kind: "wellness" } };
  const where = location(second);
  if (rest[0] === "gshop") return { pageType: "category", target: { kind: "gshop", location: where, categories: slugs(rest.slice(1), "category") } };
  return { pageType, target: { kind: "location", location: where, categories: slugs(rest, "category") } };
}

function parseDealSegments(segments: string[]): ListingTarget {
  const [segment, category, subCategory, id, ...tail] = segments;
  if (!segment || !category || !subCategory || !id) throw new ListingPathError("UNSUPPORTED", "incomplete deal path");
  if (![segment, category, subCategory].every((s) => SLUG.test(s))) throw new ListingPathError("UNSUPPORTED", "bad deal path");
  const dealId = id === "e" ? "evergreen" : parseRecordId(id);
  if (dealId === null) throw new ListingPathError("UNSUPPORTED", "bad deal id");
  const productId = parseRecordId(tail[0]);
  if (productId !== null) tail.shift();
  if (tail.length > 1 || (tail[0] !== undefined && !SLUG.test(tail[0]))) throw new ListingPathError("UNSUPPORTED", "bad deal path");
  return {
    kind: "deal",
    segment,
    category,
    subCategory,
    dealId,
    productId,
    blurb: tail[0] ?? null,
  };
}
