import { describe, expect, it } from "vitest";
import type { Position } from "geojson";
import { extractCountries, loadWorldTopology, ukIrelandBasemapJson } from "./basemap";

/** Every position of a geometry's coordinates. */
function positions(coordinates: unknown): Position[] {
  if (Array.isArray(coordinates) && typeof coordinates[0] === "number") return [coordinates as Position];
  return Array.isArray(coordinates) ? coordinates.flatMap(positions) : [];
}

describe("the offline basemap", () => {
  const basemap = JSON.parse(ukIrelandBasemapJson());

  it("holds the United Kingdom and Ireland and nothing else", () => {
    expect(basemap.type).toBe("FeatureCollection");
    expect(basemap.features.map((feature: { id: string; properties: { name: string } }) => [feature.id, feature.properties.name]).sort()).toEqual([
      ["372", "Ireland"],
      ["826", "United Kingdom"],
    ]);
  });

  it("is small enough to send to a phone (a few tens of kB, not the world's 750 kB)", () => {
    expect(ukIrelandBasemapJson().length).toBeLessThan(40_000);
    expect(ukIrelandBasemapJson().length).toBeGreaterThan(5_000);
  });

  it("draws the countries where they are, at about 100 m precision", () => {
    for (const feature of basemap.features) {
      expect(["Polygon", "MultiPolygon"]).toContain(feature.geometry.type);
      const points = positions(feature.geometry.coordinates);
      expect(points.length).toBeGreaterThan(100);
      for (const [lon, lat] of points) {
        expect(lon).toBeGreaterThan(-11);
        expect(lon).toBeLessThan(2);
        expect(lat).toBeGreaterThan(49);
        expect(lat).toBeLessThan(61);
        expect(Math.round(lon * 1000) / 1000).toBe(lon);
      }
    }
    // London (51.5, -0.13) lies inside the United Kingdom's outline: its box at least.
    const uk = positions(basemap.features.find((feature: { id: string }) => feature.id === "826").geometry.coordinates);
    expect(Math.min(...uk.map(([lon]) => lon))).toBeLessThan(-7);
    expect(Math.max(...uk.map(([lon]) => lon))).toBeGreaterThan(1.5);
  });

  it("extracts only the countries asked for", () => {
    const ireland = extractCountries(loadWorldTopology(), ["372"]);
    expect(ireland.features.map((feature) => feature.properties.name)).toEqual(["Ireland"]);
  });
});
