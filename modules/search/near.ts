import type { Location } from "../catalog/locations";

/** Local deals of locations within this distance of the chosen one count as near (Dublin ↔ Dublin South). */
export const NEAR_KM = 50;
const EARTH_RADIUS_KM = 6371;

export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}

/** Ids of the locations near `chosen`, itself included. */
export function nearLocationIds(chosen: Location, all: readonly Location[]): number[] {
  return all.filter((l) => l.id === chosen.id || distanceKm(chosen, l) <= NEAR_KM).map((l) => l.id);
}
