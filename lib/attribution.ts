/**
 * Where a sale came from, in one shape for every layer: the hotel-ads utm pair (mapped by
 * modules/travel/hotel-ads.ts) and the purchase attribution a basket line carries to its order line.
 */
export interface UtmAttribution {
  utmMedium: string | null;
  utmSource: string | null;
}

/** A basket (and order) line's attribution: the hotel-ads landing and where the purchase came from. */
export interface LineAttribution extends UtmAttribution {
  /** Hotel-ads landings (spec §2): the product linked to. */
  leadInProductId: number | null;
  adId: string | null;
  mgId: string | null;
  purchaseGclid: string | null;
  purchaseLocation: string | null;
  purchaseUrl: string | null;
  sessionPurchaseSource: string | null;
}
