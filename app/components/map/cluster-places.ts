/**
 * Clustering of the map view's places (supercluster): what the map shows at a zoom level, with
 * the accessible name of each marker ("3 deals near Soho", "2 deals at The Olive Tree").
 */
import Supercluster, { type ClusterProperties } from "supercluster";

export interface ClusterablePlace {
  id: number;
  lat: number;
  lon: number;
  title: string;
  area: string;
  dealIds: readonly number[];
}

interface PointProps {
  placeId: number;
  deals: number;
}

interface ClusterProps {
  deals: number;
}

export type MapMarker =
  | { kind: "place"; key: string; lat: number; lon: number; placeId: number; name: string }
  | { kind: "cluster"; key: string; lat: number; lon: number; clusterId: number; deals: number; name: string; expansionZoom: number; placeIds: number[] };

/** Above this zoom every place stands alone. */
export const CLUSTER_MAX_ZOOM = 15;
const CLUSTER_RADIUS_PX = 60;

const plural = (count: number) => `${count} deal${count === 1 ? "" : "s"}`;

/** The most frequent of a list of names (the first seen wins a tie). */
function mostCommon(names: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  let best = names[0] ?? "";
  for (const [name, count] of counts) if (count > (counts.get(best) ?? 0)) best = name;
  return best;
}

export function placeMarkerName(place: ClusterablePlace): string {
  return `${plural(place.dealIds.length)} at ${place.title}, ${place.area}`;
}

export class PlaceClusters {
  private readonly index: Supercluster<PointProps, ClusterProps>;
  private readonly places: Map<number, ClusterablePlace>;

  constructor(places: readonly ClusterablePlace[]) {
    this.places = new Map(places.map((place) => [place.id, place]));
    this.index = new Supercluster<PointProps, ClusterProps>({
      radius: CLUSTER_RADIUS_PX,
      maxZoom: CLUSTER_MAX_ZOOM,
      map: (props) => ({ deals: props.deals }),
      reduce: (total, props) => {
        total.deals += props.deals;
      },
    });
    this.index.load(
      places.map((place) => ({
        type: "Feature" as const,
        properties: { placeId: place.id, deals: place.dealIds.length },
        geometry: { type: "Point" as const, coordinates: [place.lon, place.lat] },
      })),
    );
  }

  /** Markers inside a bounding box [west, south, east, north] at a zoom level. */
  markers(bbox: [number, number, number, number], zoom: number): MapMarker[] {
    return this.index.getClusters(bbox, Math.round(zoom)).map((item): MapMarker => {
      const [lon, lat] = item.geometry.coordinates;
      const props = item.properties as Partial<PointProps & ClusterProperties & ClusterProps>;
      if (props.cluster && props.cluster_id !== undefined) {
        const clusterId = props.cluster_id;
        const placeIds = this.index.getLeaves(clusterId, Infinity).map((leaf) => leaf.properties.placeId);
        const area = mostCommon(placeIds.map((id) => this.places.get(id)?.area ?? ""));
        const deals = props.deals ?? placeIds.length;
        return {
          kind: "cluster",
          key: `c${clusterId}`,
          lat,
          lon,
          clusterId,
          deals,
          name: `${plural(deals)} near ${area}`,
          expansionZoom: this.index.getClusterExpansionZoom(clusterId),
          placeIds,
        };
      }
      const place = this.places.get(props.placeId!)!;
      return { kind: "place", key: `p${place.id}`, lat, lon, placeId: place.id, name: placeMarkerName(place) };
    });
  }
}
