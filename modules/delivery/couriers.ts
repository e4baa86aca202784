/**
 * The couriers a merchant can choose when dispatching, each with its public tracking page: a
 * fixed list, so a tracking link is never a merchant-typed URL shown to a shopper.
 */
export const COURIERS = {
  ROYAL_MAIL: { name: "Royal Mail", trackingUrl: "https://www.royalmail.com/track-your-item#/tracking-results/{n}" },
  PARCELFORCE: { name: "Parcelforce Worldwide", trackingUrl: "https://www.parcelforce.com/track-trace?trackNumber={n}" },
  DPD: { name: "DPD", trackingUrl: "https://track.dpd.co.uk/parcels/{n}" },
  EVRI: { name: "Evri", trackingUrl: "https://www.evri.com/track/parcel/{n}" },
  DHL: { name: "DHL", trackingUrl: "https://www.dhl.com/gb-en/home/tracking.html?tracking-id={n}" },
  UPS: { name: "UPS", trackingUrl: "https://www.ups.com/track?tracknum={n}" },
  YODEL: { name: "Yodel", trackingUrl: "https://www.yodel.co.uk/tracking/{n}" },
  AN_POST: { name: "An Post", trackingUrl: "https://www.anpost.com/Post-Parcels/Track/History?item={n}" },
} as const;
export type CourierCode = keyof typeof COURIERS;

export function isCourierCode(code: string): code is CourierCode {
  return Object.hasOwn(COURIERS, code);
}

/** Letters, digits and dashes, as couriers print them; spaces people type are dropped. */
const TRACKING_NUMBER = /^[A-Z0-9-]{6,40}$/;

/** The tracking number as stored (upper case, no spaces), or null when it is not one. */
export function normalTrackingNumber(typed: string): string | null {
  const compact = typed.replace(/\s+/g, "").toUpperCase();
  return TRACKING_NUMBER.test(compact) ? compact : null;
}

export function trackingUrl(courier: CourierCode, trackingNumber: string): string {
  return COURIERS[courier].trackingUrl.replace("{n}", encodeURIComponent(trackingNumber));
}
