import { ukIrelandBasemapJson } from "../../modules/maps/basemap";

/** The map view's offline basemap: the UK and Ireland as GeoJSON (modules/maps/basemap.ts). */
export function loader() {
  return new Response(ukIrelandBasemapJson(), {
    headers: { "content-type": "application/geo+json; charset=utf-8", "cache-control": "public, max-age=86400" },
  });
}
