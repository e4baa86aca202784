import { useEffect, useRef } from "react";
import type { ClusterablePlace } from "./cluster-places";
import type { DealMapHandle } from "./leaflet-map.client";

export type MapState = "loading" | "ready" | "failed";

interface DealMapProps {
  places: readonly ClusterablePlace[];
  centre: { lat: number; lon: number };
  tiles: { url: string; attribution: string } | null;
  label: string;
  describedBy: string;
  onSelect(placeId: number): void;
  onState(state: MapState): void;
  handle: { current: DealMapHandle | null };
}

/**
 * The map's container. Leaflet (and the basemap, when no tile server is configured) load only
 * after hydration, by a lazy import: the server renders an empty region and the list is the text
 * alternative. Remount (key) to show other places.
 */
export function DealMap({ places, centre, tiles, label, describedBy, onSelect, onState, handle }: DealMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef({ onSelect, onState });
  latest.current = { onSelect, onState };

  useEffect(() => {
    let cancelled = false;
    let created: DealMapHandle | null = null;
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const basemap = tiles
      ? Promise.resolve(null)
      : fetch("/map-view/basemap.geojson").then((response) => {
          if (!response.ok) throw new Error(`basemap ${response.status}`);
          return response.json();
        });
    Promise.all([import("./leaflet-map.client"), basemap])
      .then(([module, features]) => {
        if (cancelled || !container.current) return;
        created = module.createDealMap(container.current, {
          places,
          centre,
          basemap: features,
          tiles,
          reduceMotion,
          onSelect: (placeId) => latest.current.onSelect(placeId),
        });
        handle.current = created;
        latest.current.onState("ready");
      })
      .catch(() => {
        if (!cancelled) latest.current.onState("failed");
      });
    return () => {
      cancelled = true;
      created?.destroy();
      handle.current = null;
    };
    // The map is made once per mount: the page remounts it (key) for another location.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return <div ref={container} role="region" aria-label={label} aria-describedby={describedBy} className="h-[26rem] w-full rounded border border-gray-300 bg-[#cfe3ef] lg:h-[36rem]" />;
}
