/**
 * The map view's offline basemap: the outlines of the United Kingdom and Ireland, cut out of
 * Natural Earth's 1:50m country boundaries (the world-atlas package, TopoJSON) and converted to
 * GeoJSON with topojson-client. Only these two countries, with coordinates rounded to about 100 m,
 * reach the browser (about 21 kB instead of the whole world's 750 kB).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Feature, FeatureCollection, Geometry, Position } from "geojson";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";

/** ISO 3166-1 numeric codes, as world-atlas names its countries. */
export const BASEMAP_COUNTRIES = { "826": "United Kingdom", "372": "Ireland" } as const;

export type BasemapCountryId = keyof typeof BASEMAP_COUNTRIES;

export type Basemap = FeatureCollection<Geometry, { id: BasemapCountryId; name: string }>;

/** Decimal places kept: 3 is about 100 m, finer than the country outlines themselves (1:50m). */
const PRECISION = 3;

function roundPositions(coordinates: unknown): unknown {
  if (Array.isArray(coordinates) && typeof coordinates[0] === "number") {
    const factor = 10 ** PRECISION;
    return (coordinates as Position).map((value) => Math.round(value * factor) / factor);
  }
  return Array.isArray(coordinates) ? coordinates.map(roundPositions) : coordinates;
}

function roundGeometry(geometry: Geometry): Geometry {
  if (geometry.type === "GeometryCollection") return { ...geometry, geometries: geometry.geometries.map(roundGeometry) };
  return { ...geometry, coordinates: roundPositions(geometry.coordinates) } as Geometry;
}

/** The named countries of a world-atlas topology as GeoJSON features (pure: tests pass a topology). */
export function extractCountries(topology: Topology, ids: readonly BasemapCountryId[] = Object.keys(BASEMAP_COUNTRIES) as BasemapCountryId[]): Basemap {
  const countries = topology.objects.countries as GeometryCollection;
  const wanted = countries.geometries.filter((geometry) => ids.includes(String(geometry.id) as BasemapCountryId));
  const features = wanted.map((geometry): Feature<Geometry, { id: BasemapCountryId; name: string }> => {
    const id = String(geometry.id) as BasemapCountryId;
    const converted = feature(topology, geometry) as Feature<Geometry>;
    return { type: "Feature", id, properties: { id, name: BASEMAP_COUNTRIES[id] }, geometry: roundGeometry(converted.geometry) };
  });
  return { type: "FeatureCollection", features };
}

/** Reads the package's 1:50m countries file (kept out of any bundle: packages stay in node_modules). */
export function loadWorldTopology(): Topology {
  const path = createRequire(import.meta.url).resolve("world-atlas/countries-50m.json");
  return JSON.parse(readFileSync(path, "utf8")) as Topology;
}

let cached: string | null = null;

/** The UK and Ireland basemap as GeoJSON text, made once per process. */
export function ukIrelandBasemapJson(): string {
  cached ??= JSON.stringify(extractCountries(loadWorldTopology()));
  return cached;
}
