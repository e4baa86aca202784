import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CountryCode } from "../../lib/brand";
import { memo } from "../../lib/memo";
import { locations } from "./schema";

export type Location = typeof locations.$inferSelect;

/** Locations change about never; every page needs them, so they are read at most every 30 s. */
const LOCATIONS_TTL_MS = 30_000;

export async function findLocation(db: Db, countryCode: CountryCode, shortName: string): Promise<Location | null> {
  const wanted = shortName.toLowerCase();
  return (await listLocations(db, countryCode)).find((location) => location.shortName === wanted) ?? null;
}

export function listLocations(db: Db, countryCode: CountryCode): Promise<readonly Location[]> {
  return memo(db, `locations:${countryCode}`, LOCATIONS_TTL_MS, () =>
    db.select().from(locations).where(eq(locations.countryCode, countryCode)).orderBy(asc(locations.sortOrder), asc(locations.name)),
  );
}

const EARTH_RADIUS_KM = 6371;

function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}

/** The market's location nearest to a point (near-me pages), with its distance in km. */
export async function findNearestLocation(db: Db, countryCode: CountryCode, point: { lat: number; lon: number }): Promise<{ location: Location; distanceKm: number } | null> {
  let best: { location: Location; distanceKm: number } | null = null;
  for (const location of await listLocations(db, countryCode)) {
    const distance = distanceKm(point, location);
    if (!best || distance < best.distanceKm) best = { location, distanceKm: distance };
  }
  return best;
}
