/**
 * The map view's map, loaded only in the browser and only on /map-view (a lazy import: no other
 * page's bundle carries Leaflet). Markers are buttons in north-to-south reading order with
 * accessible names; Enter on a cluster zooms in, on a place selects it. The map never keeps focus:
 * Tab moves through its markers and on out of it.
 */
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import "./map.css";
import type { FeatureCollection } from "geojson";
import { CLUSTER_MAX_ZOOM, type ClusterablePlace, type MapMarker, PlaceClusters } from "./cluster-places";

export interface DealMapOptions {
  places: readonly ClusterablePlace[];
  centre: { lat: number; lon: number };
  basemap: FeatureCollection | null;
  tiles: { url: string; attribution: string } | null;
  reduceMotion: boolean;
  /** A place was chosen on the map (click or Enter). */
  onSelect(placeId: number): void;
}

export interface DealMapHandle {
  /** Highlights a place's pin (or the cluster holding it). */
  select(placeId: number | null): void;
  /** Zooms to a place until its pin stands alone, and focuses it. */
  showPlace(placeId: number): void;
  destroy(): void;
}

/** The UK and Ireland with a margin: the map does not wander off to the rest of the world. */
const MARKET_BOUNDS = L.latLngBounds([49, -12], [61.5, 3]);
/** The first view shows the whole city (nearby places grouped); never closer than this. */
const CITY_ZOOM = 11;
const MAX_ZOOM = 18;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function createDealMap(container: HTMLElement, options: DealMapOptions): DealMapHandle {
  const { places, reduceMotion } = options;
  const byId = new Map(places.map((place) => [place.id, place]));
  const clusters = new PlaceClusters(places);
  const map = L.map(container, {
    center: [options.centre.lat, options.centre.lon],
    zoom: CITY_ZOOM,
    minZoom: 5,
    maxZoom: MAX_ZOOM,
    maxBounds: MARKET_BOUNDS,
    zoomAnimation: !reduceMotion,
    fadeAnimation: !reduceMotion,
    markerZoomAnimation: !reduceMotion,
    inertia: !reduceMotion,
    attributionControl: false,
  });
  container.classList.add("deal-map");
  if (options.tiles) {
    // The attribution is configuration text, shown as text (Leaflet would read it as HTML).
    L.tileLayer(options.tiles.url, { attribution: escapeHtml(options.tiles.attribution), maxZoom: 19 }).addTo(map);
    L.control.attribution({ prefix: false }).addTo(map);
  } else if (options.basemap) {
    L.geoJSON(options.basemap, { interactive: false, style: { color: "#6b7280", weight: 1, fillColor: "#f4f1ea", fillOpacity: 1 } }).addTo(map);
  }
  if (places.length > 0) {
    map.fitBounds(L.latLngBounds(places.map((place) => [place.lat, place.lon])), { padding: [32, 32], maxZoom: CITY_ZOOM, animate: false });
  }

  const layer = L.layerGroup().addTo(map);
  let selected: number | null = null;
  /** After a programmatic move: focus the first marker holding one of these places. */
  let focusPlaces: readonly number[] | null = null;
  let rendered: { marker: MapMarker; element: HTMLElement }[] = [];

  const holds = (marker: MapMarker, placeId: number) => (marker.kind === "place" ? marker.placeId === placeId : marker.placeIds.includes(placeId));

  function activate(marker: MapMarker) {
    if (marker.kind === "cluster") {
      focusPlaces = marker.placeIds;
      map.setView([marker.lat, marker.lon], Math.min(Math.max(marker.expansionZoom, map.getZoom() + 1), MAX_ZOOM), { animate: false });
    } else {
      options.onSelect(marker.placeId);
    }
  }

  function render() {
    const active = document.activeElement;
    const focusedKey = rendered.find((item) => item.element === active)?.marker.key ?? null;
    layer.clearLayers();
    const bounds = map.getBounds().pad(0.2);
    const markers = clusters
      .markers([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], map.getZoom())
      // Tab order follows reading order: north to south, then west to east.
      .sort((a, b) => b.lat - a.lat || a.lon - b.lon);
    rendered = markers.map((marker) => {
      const size = marker.kind === "cluster" ? 36 + Math.min(16, Math.round(Math.log2(marker.deals) * 3)) : 30;
      const count = marker.kind === "cluster" ? marker.deals : (byId.get(marker.placeId)?.dealIds.length ?? 1);
      const icon = L.divIcon({
        className: `map-marker ${marker.kind === "cluster" ? "map-cluster" : "map-place"}`,
        html: `<span aria-hidden="true">${count}</span>`,
        iconSize: [size, size],
      });
      const leafletMarker = L.marker([marker.lat, marker.lon], { icon, keyboard: true, riseOnHover: true });
      leafletMarker.on("click", () => activate(marker));
      leafletMarker.addTo(layer);
      const element = leafletMarker.getElement()!;
      element.setAttribute("aria-label", marker.name);
      element.dataset.markerKind = marker.kind;
      if (marker.kind === "place") element.dataset.placeId = String(marker.placeId);
      if (selected !== null && holds(marker, selected)) element.classList.add(marker.kind === "place" ? "is-selected" : "has-selected");
      if (marker.kind === "place" && marker.placeId === selected) element.setAttribute("aria-current", "true");
      element.addEventListener("keydown", (event) => {
        if (event.key !== "Enter" && event.key !== " ") return;
        event.preventDefault();
        event.stopPropagation();
        activate(marker);
      });
      return { marker, element };
    });
    const target =
      (focusPlaces && rendered.find((item) => focusPlaces!.some((placeId) => holds(item.marker, placeId)))) ||
      (focusedKey && rendered.find((item) => item.marker.key === focusedKey));
    focusPlaces = null;
    if (target) target.element.focus();
    else if (focusedKey) container.focus(); // the focused marker went out of view: stay on the map
  }

  map.on("moveend", render);
  render();

  return {
    select(placeId) {
      selected = placeId;
      for (const { marker, element } of rendered) {
        const on = placeId !== null && holds(marker, placeId);
        element.classList.toggle(marker.kind === "place" ? "is-selected" : "has-selected", on);
        if (marker.kind === "place" && on) element.setAttribute("aria-current", "true");
        else element.removeAttribute("aria-current");
      }
    },
    showPlace(placeId) {
      const place = byId.get(placeId);
      if (!place) return;
      selected = placeId;
      focusPlaces = [placeId];
      map.setView([place.lat, place.lon], Math.max(map.getZoom(), CLUSTER_MAX_ZOOM + 1), { animate: false });
      // setView to the view the map already has moves nothing (no moveend): then draw and focus now.
      if (focusPlaces) render();
    },
    destroy() {
      map.off();
      map.remove();
    },
  };
}
