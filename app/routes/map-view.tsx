import { useEffect, useRef, useState } from "react";
import { Form, data } from "react-router";
import { listMapDeals } from "../../modules/catalog/listing/list-map-deals";
import { findLocation, listLocations } from "../../modules/catalog/locations";
import { listingPageHeaders } from "../cache-headers";
import { DealMap, type MapState } from "../components/map/DealMap";
import type { DealMapHandle } from "../components/map/leaflet-map.client";
import { PriceBlock } from "../components/PriceBlock";
import { seoMeta } from "../seo";
import { visitorLocation } from "../shell/load-shell.server";
import type { Route } from "./+types/map-view";

/** Spec discovery §3 Address: the default map centre. */
export const DEFAULT_MAP_CENTRE = { lat: 51.505, lon: -0.0901 };

/**
 * /map-view: the local deals of the shopper's location (the remembered one, or ?location=) as
 * pins on a map, with the list beside it. The list is the page (it works without JavaScript);
 * the map is drawn over it in the browser.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { db, brand, clock } = context;
  const asked = url.searchParams.get("location");
  const location = asked
    ? /^[a-z0-9-]{1,64}$/i.test(asked)
      ? await findLocation(db, brand.countryCode, asked)
      : null
    : await visitorLocation(context, request);
  if (!location) throw data("Page not found", { status: 404 });
  const [{ deals, places }, locations] = await Promise.all([
    listMapDeals(db, { countryCode: brand.countryCode, locationId: location.id, now: clock.now() }),
    listLocations(db, brand.countryCode),
  ]);
  return data(
    {
      location: { name: location.name, shortName: location.shortName, lat: location.lat ?? DEFAULT_MAP_CENTRE.lat, lon: location.lon ?? DEFAULT_MAP_CENTRE.lon },
      locations: locations.map(({ name, shortName }) => ({ name, shortName })),
      deals,
      places,
      tiles: context.mapTiles ? { url: context.mapTiles.url, attribution: context.mapTiles.attribution } : null,
      canonical: `${context.publicOrigin}/map-view${asked ? `?location=${location.shortName}` : ""}`,
    },
    { headers: listingPageHeaders(brand.countryCode, deals.map((deal) => deal.id)) },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [{ title: "Page not found" }];
  return seoMeta({
    title: `Map of deals in ${page.location.name}`,
    description: `${page.deals.length} local deals in ${page.location.name} on a map, with the list beside it.`,
    canonical: page.canonical,
  });
}

export default function MapView({ loaderData }: Route.ComponentProps) {
  const { location } = loaderData;
  // A new location is a new map (and a fresh selection).
  return <MapViewBody key={location.shortName} {...loaderData} />;
}

function MapViewBody({ location, locations, deals, places, tiles }: Route.ComponentProps["loaderData"]) {
  const [selected, setSelected] = useState<number | null>(null);
  const [mapState, setMapState] = useState<MapState>("loading");
  const [summaryFocus, setSummaryFocus] = useState(0);
  const handle = useRef<DealMapHandle | null>(null);
  const summaryHeading = useRef<HTMLHeadingElement>(null);
  const place = selected === null ? null : (places.find((candidate) => candidate.id === selected) ?? null);
  const placeDeals = place ? deals.filter((deal) => deal.placeId === place.id) : [];

  // A pin chosen on the map: its summary appears beside the map and takes focus.
  useEffect(() => {
    if (summaryFocus > 0) summaryHeading.current?.focus();
  }, [summaryFocus]);

  function chooseOnMap(placeId: number) {
    setSelected(placeId);
    handle.current?.select(placeId);
    setSummaryFocus((count) => count + 1);
  }

  function showOnMap(placeId: number) {
    setSelected(placeId);
    handle.current?.showPlace(placeId);
  }

  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">Map of deals in {location.name}</h1>
      <Form method="get" action="/map-view" className="mb-4 flex flex-wrap items-end gap-2">
        <div className="flex flex-col">
          <label htmlFor="map-location" className="text-sm font-bold">
            Location
          </label>
          <select id="map-location" name="location" defaultValue={location.shortName} className="rounded border border-gray-400 bg-white px-2 py-1.5">
            {locations.map((option) => (
              <option key={option.shortName} value={option.shortName}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="rounded bg-brand-dark px-4 py-1.5 font-bold text-white">
          Show deals
        </button>
      </Form>

      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="map-heading">
          <h2 id="map-heading" className="sr-only">
            Map
          </h2>
          <p id="map-help" className="mb-2 text-sm text-gray-700">
            Each marker is a place with deals; a number on a marker is how many. Tab to a marker and press Enter: a group zooms in, a place shows its deals.
          </p>
          <div className="relative">
            <DealMap
              places={places}
              centre={{ lat: location.lat, lon: location.lon }}
              tiles={tiles}
              label={`Map of deals in ${location.name}`}
              describedBy="map-help"
              onSelect={chooseOnMap}
              onState={setMapState}
              handle={handle}
            />
            {mapState !== "ready" && (
              <p data-testid="map-note" className="absolute inset-x-4 top-1/2 -translate-y-1/2 rounded bg-white/90 p-3 text-center">
                {mapState === "failed" ? "The map could not be loaded." : "The map needs JavaScript."} Every deal it shows is in the list.
              </p>
            )}
          </div>
          {place && (
            <section aria-labelledby="map-summary-heading" className="mt-4 rounded border-2 border-brand-dark bg-white p-4" data-testid="map-summary">
              <h2 id="map-summary-heading" ref={summaryHeading} tabIndex={-1} className="text-xl font-bold">
                {place.title}
              </h2>
              <p className="mb-2 text-sm text-gray-700">{place.address}</p>
              <ul className="space-y-3">
                {placeDeals.map((deal) => (
                  <li key={deal.id}>
                    <a href={deal.urlPath} className="font-bold text-brand-dark underline">
                      {deal.headline}
                    </a>
                    <PriceBlock facts={deal} size="compact" />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </section>

        <section aria-labelledby="map-list-heading">
          <h2 id="map-list-heading" className="mb-2 text-xl font-bold">
            {deals.length === 1 ? "1 deal" : `${deals.length} deals`} in {location.name}
          </h2>
          {deals.length === 0 && <p>There are no local deals in {location.name} right now.</p>}
          <ol className="max-h-[40rem] space-y-3 overflow-y-auto pr-1" aria-label="Deals on the map">
            {deals.map((deal) => {
              const dealPlace = places.find((candidate) => candidate.id === deal.placeId);
              const isSelected = deal.placeId === selected;
              return (
                <li key={deal.id} data-testid="map-list-item" data-selected={isSelected || undefined} className={`rounded border bg-white p-3 ${isSelected ? "border-brand-dark ring-2 ring-brand-dark" : "border-gray-200"}`}>
                  <a href={deal.urlPath} className="font-bold text-brand-dark underline">
                    {deal.headline}
                  </a>
                  {dealPlace && (
                    <p className="text-sm text-gray-700">
                      {`${dealPlace.title}, ${dealPlace.area}`}
                    </p>
                  )}
                  <PriceBlock facts={deal} size="compact" />
                  {mapState === "ready" && (
                    <button type="button" onClick={() => showOnMap(deal.placeId)} aria-label={`Show on map: ${deal.headline}`} className="mt-1 text-sm font-bold text-brand-dark underline">
                      Show on map
                    </button>
                  )}
                </li>
              );
            })}
          </ol>
        </section>
      </div>
    </>
  );
}
