import type { Address } from "../../../modules/catalog/deal-detail/get-deal";

/** Spec: default map centre 51.505, -0.0901 and title 'Location' when an address has no position. */
const DEFAULT_CENTRE = { lat: 51.505, lon: -0.0901 };

function mapLink({ lat, lon }: { lat: number; lon: number }): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
}

export function Addresses({ businessName, addresses }: { businessName: string; addresses: Address[] }) {
  if (addresses.length === 0) return null;
  return (
    <section aria-labelledby="deal-location" className="rounded-lg bg-white p-4 ring-1 ring-gray-200">
      <h2 id="deal-location" className="mb-2 text-lg font-bold">
        Location
      </h2>
      <ul className="flex flex-col gap-3">
        {addresses.map((address) => {
          const position = address.latLon ?? DEFAULT_CENTRE;
          return (
            <li key={`${address.addressLine1}-${address.postCode}`}>
              <address className="not-italic">
                <strong>{businessName}</strong>
                <br />
                {address.addressLine1}
                {address.addressLine2 && (
                  <>
                    , {address.addressLine2}
                  </>
                )}
                <br />
                {address.town} {address.postCode}
              </address>
              <a href={mapLink(position)} target="_blank" rel="noopener noreferrer" className="text-sm font-bold text-brand-dark underline">
                View on map
                <span className="sr-only">
                  {" "}
                  ({position.lat.toFixed(4)}, {position.lon.toFixed(4)})
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
