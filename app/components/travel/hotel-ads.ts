/**
 * Hotel-ads landings (spec transactions §2, discovery §3): a deal link with arrival, departure,
 * guests, productId, utm_medium and utm_source lands with the stay chosen. They map to the basket
 * line's checkIn, checkOut, guests, leadInProductId, utmMedium and utmSource; the utm values
 * free-hotel-ads and paid-hotel-ads become free and paid, google stays google. (The deal page
 * moves ?productId= into the path, so the product arrives as the page's chosen product.) The utm
 * mapping is the travel module's mapUtmValue, the one the basket applies too.
 */
import type { UtmAttribution } from "../../../lib/attribution";
import { mapUtmValue } from "../../../modules/travel/hotel-ads";
import { isCalendarDay, isPassengerCount } from "../../../modules/travel/stay-rules";

export interface HotelAdsLanding extends UtmAttribution {
  checkIn: string | null;
  checkOut: string | null;
  guests: number | null;
  /** Any hotel-ads parameter came with the link (so the product is the lead-in product). */
  landed: boolean;
}

/** Reads a landing's parameters; unreal dates, a check-out not after check-in and odd guest counts are dropped. */
export function readHotelAdsLanding(params: URLSearchParams): HotelAdsLanding {
  const arrival = params.get("arrival");
  const departure = params.get("departure");
  const checkIn = arrival !== null && isCalendarDay(arrival) ? arrival : null;
  const checkOut = checkIn !== null && departure !== null && isCalendarDay(departure) && departure > checkIn ? departure : null;
  const guestsText = params.get("guests");
  const guests = guestsText !== null && /^\d$/.test(guestsText) && isPassengerCount(Number(guestsText)) ? Number(guestsText) : null;
  const utmMedium = mapUtmValue(params.get("utm_medium"));
  const utmSource = mapUtmValue(params.get("utm_source"));
  const landed = ["arrival", "departure", "guests", "utm_medium", "utm_source"].some((name) => params.has(name));
  return { checkIn, checkOut, guests, utmMedium, utmSource, landed };
}

/** Google's hotel ads ask the availability call for its prices (spec §7 googleHotelAds). */
export function isGoogleHotelAds(landing: HotelAdsLanding): boolean {
  return landing.utmSource === "google" || landing.utmMedium === "free" || landing.utmMedium === "paid";
}
