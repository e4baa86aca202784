/**
 * Hotel-ads landings (spec transactions §2, discovery §3): a link from a hotel-ads campaign carries
 * arrival, departure, guests, productId, utm_medium and utm_source; they become the basket line's
 * checkIn, checkOut, guests, leadInProductId, utmMedium and utmSource. The one place the mapping
 * lives: the deal page's landing, the Buy now form and the basket API all go through it.
 */
import type { UtmAttribution } from "../../lib/attribution";

/** Spec: free-hotel-ads becomes free, paid-hotel-ads becomes paid, google stays google. */
const UTM_VALUES: Readonly<Record<string, string>> = { "free-hotel-ads": "free", "paid-hotel-ads": "paid", google: "google" };

/** The longest attribution value kept (anything longer is cut, never refused: it is only attribution). */
export const UTM_MAX_LENGTH = 100;

/** An attribution value as stored: the hotel-ads values mapped, anything else kept as given (trimmed, bounded); empty is none. */
export function mapUtmValue(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim().slice(0, UTM_MAX_LENGTH);
  if (trimmed === "") return null;
  return UTM_VALUES[trimmed.toLowerCase()] ?? trimmed;
}

/** What a hotel-ads link chooses, in the basket line's terms. */
export interface HotelAdsChoice extends UtmAttribution {
  checkInDate: string | null;
  checkOutDate: string | null;
  guests: number | null;
  leadInProductId: number | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const wholeNumber = (value: string | null) => (value !== null && /^\d{1,9}$/.test(value) ? Number(value) : null);

/**
 * Reads a hotel-ads link's parameters (arrival and departure as YYYY-MM-DD). A malformed value is
 * simply not chosen (the shopper picks it on the calendar), never an error page.
 */
export function hotelAdsChoice(get: (name: string) => string | null): HotelAdsChoice {
  const day = (name: string) => {
    const value = get(name);
    return value !== null && DAY.test(value) ? value : null;
  };
  return {
    checkInDate: day("arrival"),
    checkOutDate: day("departure"),
    guests: wholeNumber(get("guests")),
    leadInProductId: wholeNumber(get("productId")),
    utmMedium: mapUtmValue(get("utm_medium")),
    utmSource: mapUtmValue(get("utm_source")),
  };
}

/** Whether a URL's query is a hotel-ads landing (it names an arrival date). */
export function isHotelAdsLanding(get: (name: string) => string | null): boolean {
  return get("arrival") !== null;
}
