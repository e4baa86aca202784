import type { Brand, CountryCode } from "../../../lib/brand";
import type { DealType } from "../schema";

/** Travel is 'travel' on UK brands and 'escapes' on Irish ones (spec discovery §1). */
export function travelName(countryCode: CountryCode): "travel" | "escapes" {
  return countryCode === "IE" ? "escapes" : "travel";
}

export function isTravelSegment(segment: string): boolean {
  return segment === "travel" || segment === "escapes";
}

/**
 * The first segment of a deal's path: its location for local deals, 'shop' for national deals
 * and the market's travel name for travel deals.
 */
export function dealPathSegment(deal: { dealType: DealType; countryCode: CountryCode; locationShortName: string | null }): string {
  if (deal.dealType === "national") return "shop";
  if (deal.dealType === "travel") return travelName(deal.countryCode);
  return deal.locationShortName ?? "shop";
}

/** Listing root for a deal type, e.g. /deals/shop, /deals/escapes, /deals/london. */
export function listingRoot(brand: Pick<Brand, "travelName">, dealType: DealType, locationShortName: string): string {
  if (dealType === "national") return "/deals/shop";
  if (dealType === "travel") return `/deals/${brand.travelName}`;
  return `/deals/${locationShortName}`;
}
