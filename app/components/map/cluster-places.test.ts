import { describe, expect, it } from "vitest";
import { type ClusterablePlace, CLUSTER_MAX_ZOOM, PlaceClusters, placeMarkerName } from "./cluster-places";

const place = (id: number, lat: number, lon: number, area: string, deals = 1): ClusterablePlace => ({
  id,
  lat,
  lon,
  title: `Merchant ${id}`,
  area,
  dealIds: Array.from({ length: deals }, (_, index) => id * 100 + index),
});

// Three places in Soho within a few hundred metres, one in Camden, one in Manchester.
const places = [place(1, 51.5136, -0.1318, "Soho", 2), place(2, 51.5139, -0.1335, "Soho"), place(3, 51.5128, -0.131, "Covent Garden"), place(4, 51.5377, -0.1447, "Camden"), place(5, 53.48, -2.24, "Northern Quarter")];
const UK: [number, number, number, number] = [-11, 49, 2, 61];

describe("PlaceClusters", () => {
  const clusters = new PlaceClusters(places);

  it("groups nearby places at a city zoom, named by the deals they hold and where most of them are", () => {
    const markers = clusters.markers(UK, 12);
    const soho = markers.find((marker) => marker.kind === "cluster" && marker.placeIds.includes(1));
    expect(soho).toMatchObject({ kind: "cluster", deals: 4, name: "4 deals near Soho" });
    expect(soho && soho.kind === "cluster" && [...soho.placeIds].sort()).toEqual([1, 2, 3]);
    expect(soho && soho.kind === "cluster" && soho.expansionZoom).toBeGreaterThan(12);
    expect(markers.find((marker) => marker.kind === "place" && marker.placeId === 5)).toMatchObject({ name: "1 deal at Merchant 5, Northern Quarter" });
  });

  it("counts every deal once whatever the zoom", () => {
    for (const zoom of [5, 8, 11, 14, CLUSTER_MAX_ZOOM + 1]) {
      const total = clusters.markers(UK, zoom).reduce((sum, marker) => sum + (marker.kind === "cluster" ? marker.deals : places.find((p) => p.id === marker.placeId)!.dealIds.length), 0);
      expect(total).toBe(6);
    }
  });

  it("shows every place alone past the clustering zoom", () => {
    const markers = clusters.markers(UK, CLUSTER_MAX_ZOOM + 1);
    expect(markers.every((marker) => marker.kind === "place")).toBe(true);
    expect(markers).toHaveLength(5);
  });

  it("shows only what is inside the box", () => {
    const manchester = clusters.markers([-2.5, 53.3, -2, 53.6], 12);
    expect(manchester.map((marker) => marker.kind === "place" && marker.placeId)).toEqual([5]);
  });

  it("names a place by its deals, merchant and area", () => {
    expect(placeMarkerName(places[0])).toBe("2 deals at Merchant 1, Soho");
  });
});
