/**
 * The visitor's chosen location lives in a 1-year cookie (spec discovery §9). It holds a location
 * short name, not anything personal, and is part of the page cache key.
 */
import type { Brand } from "../../lib/brand";

export const LOCATION_COOKIE = "location";
const YEAR_SECONDS = 31_536_000;

export function readLocationCookie(request: Request): string | null {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === LOCATION_COOKIE) {
      const value = decodeURIComponent(rest.join("="));
      return /^[a-z0-9-]{1,64}$/.test(value) ? value : null;
    }
  }
  return null;
}

/** The cookie's location, else the brand's default (validated against the market by callers). */
export function visitorLocationSlug(request: Request, brand: Brand): string {
  return readLocationCookie(request) ?? brand.defaultLocationSlug;
}

export function locationCookieHeader(shortName: string, secure: boolean): string {
  return `${LOCATION_COOKIE}=${encodeURIComponent(shortName)}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
}
