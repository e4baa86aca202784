import type { Currency } from "./money";

export const BRAND_IDS = ["wowcher", "wowcherie", "livingsocial", "livingsocialie"] as const;
export type BrandId = (typeof BRAND_IDS)[number];
export type CountryCode = "GB" | "IE";

export interface Brand {
  id: BrandId;
  displayName: string;
  hosts: readonly string[];
  currency: Currency;
  countryCode: CountryCode;
  /** Location id of the brand's default location (spec: discovery §1). */
  defaultLocationId: number;
  defaultLocationSlug: string;
  /** Travel is 'travel' on UK brands and 'escapes' on Irish brands. */
  travelName: "travel" | "escapes";
  theme: string;
}

export const BRANDS: Record<BrandId, Brand> = {
  wowcher: {
    id: "wowcher",
    displayName: "Wowcher",
    hosts: ["wowcher.co.uk", "www.wowcher.co.uk"],
    currency: "GBP",
    countryCode: "GB",
    defaultLocationId: 275850,
    defaultLocationSlug: "london",
    travelName: "travel",
    theme: "wowcher",
  },
  livingsocial: {
    id: "livingsocial",
    displayName: "LivingSocial",
    hosts: ["livingsocial.co.uk", "www.livingsocial.co.uk"],
    currency: "GBP",
    countryCode: "GB",
    defaultLocationId: 275850,
    defaultLocationSlug: "london",
    travelName: "travel",
    theme: "livingsocial",
  },
  wowcherie: {
    id: "wowcherie",
    displayName: "Wowcher",
    hosts: ["wowcher.ie", "www.wowcher.ie"],
    currency: "EUR",
    countryCode: "IE",
    defaultLocationId: 275859,
    defaultLocationSlug: "dublin",
    travelName: "escapes",
    theme: "wowcher",
  },
  livingsocialie: {
    id: "livingsocialie",
    displayName: "LivingSocial",
    hosts: ["livingsocial.ie", "www.livingsocial.ie"],
    currency: "EUR",
    countryCode: "IE",
    defaultLocationId: 276602,
    defaultLocationSlug: "dublin-south",
    travelName: "escapes",
    theme: "livingsocial",
  },
};

export function isBrandId(value: unknown): value is BrandId {
  return typeof value === "string" && (BRAND_IDS as readonly string[]).includes(value);
}

/** The brand whose site sells a market's deals first (links staff send out for a deal use its origin). */
export function mainBrandOf(countryCode: CountryCode): BrandId {
  return countryCode === "IE" ? "wowcherie" : "wowcher";
}

export function currencyForCountry(countryCode: CountryCode): Currency {
  return countryCode === "IE" ? "EUR" : "GBP";
}

export const BRAND_OVERRIDE_COOKIE = "brand_override";

export interface BrandRequest {
  host: string | undefined;
  /** `?brand=` on this request (development override). */
  queryBrand: string | null;
  /** The remembered development override cookie. */
  cookieBrand: string | undefined;
}

/**
 * Which brand serves a request: a development override (query, then the cookie that remembers it)
 * when overrides are allowed, then the Host header, then the configured default.
 */
export function resolveBrand(request: BrandRequest, fallback: BrandId, allowOverride: boolean): Brand {
  if (allowOverride) {
    if (isBrandId(request.queryBrand)) return BRANDS[request.queryBrand];
    if (isBrandId(request.cookieBrand)) return BRANDS[request.cookieBrand];
  }
  const host = (request.host ?? "").toLowerCase().replace(/:\d+$/, "");
  for (const brand of Object.values(BRANDS)) {
    if (brand.hosts.includes(host)) return brand;
  }
  return BRANDS[fallback];
}
