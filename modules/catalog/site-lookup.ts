import type { Db } from "../../db/client";
import type { CountryCode } from "../../lib/brand";
import { findLocation } from "./locations";

/** The site the VIP hub is (spec discovery §1: "a VIP variant"): `?site=vip`, `/deals/vip`. */
export const VIP_SITE = "vip";
/** The wellness collection's site (discovery §2, its own theme). */
export const WELLNESS_SITE = "wellness-collection";

const SITE = /^[a-z0-9][a-z0-9-]{0,63}$/;

export interface SiteLookup {
  site: string;
  /** Marks the VIP site: the shell switches to the VIP theme (discovery §2 "App shell behaviour"). */
  vip: boolean;
  /** The location a location site names (null for the VIP and wellness sites). */
  location: { id: number; name: string; shortName: string } | null;
}

/**
 * Spec discovery §7 "location lookup by site" (vip flag in the result): a site is one of the
 * market's locations, the VIP site or the wellness collection. Unknown or malformed sites answer
 * null, so a made-up `?site=` changes nothing.
 */
export async function lookupSite(db: Db, countryCode: CountryCode, site: string): Promise<SiteLookup | null> {
  const wanted = site.trim().toLowerCase();
  if (!SITE.test(wanted)) return null;
  if (wanted === VIP_SITE) return { site: wanted, vip: true, location: null };
  if (wanted === WELLNESS_SITE) return { site: wanted, vip: false, location: null };
  const location = await findLocation(db, countryCode, wanted);
  return location ? { site: wanted, vip: false, location: { id: location.id, name: location.name, shortName: location.shortName } } : null;
}
