import { useEffect, useState } from "react";
import type { DealTile as DealTileData } from "../../modules/catalog/deal-tile";
import { DealTile } from "./DealTile";

/**
 * Cross-sell (GET /v1/complementary-deals): deals bought or viewed together with these, loaded in
 * the browser so the page around it stays shared. Nothing shows until there is something to show.
 */
export function ComplementaryDeals({ dealIds, heading, id }: { dealIds: readonly number[]; heading: string; id: string }) {
  const [deals, setDeals] = useState<DealTileData[]>([]);
  const key = dealIds.join(",");
  useEffect(() => {
    if (!key) return;
    let cancelled = false;
    const query = key
      .split(",")
      .map((dealId) => `dealId=${dealId}`)
      .join("&");
    fetch(`/v1/complementary-deals?${query}&limit=4`, { headers: { accept: "application/json" }, credentials: "same-origin" })
      .then((response) => (response.ok ? (response.json() as Promise<{ deals: DealTileData[] }>) : { deals: [] }))
      .then((body) => !cancelled && setDeals(body.deals.filter((deal) => !deal.soldOut)))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [key]);
  if (deals.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-10" data-rail="complementary">
      <h2 id={id} className="mb-4 text-xl font-bold">
        {heading}
      </h2>
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {deals.map((deal) => (
          <li key={deal.id}>
            <DealTile deal={deal} eager={false} />
          </li>
        ))}
      </ul>
    </section>
  );
}
