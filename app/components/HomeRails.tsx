import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { DealTile as DealTileData } from "../../modules/catalog/deal-tile";
import { useVisitorSession } from "../visitor-session";
import { DealTile } from "./DealTile";

interface RailProps {
  id: string;
  header: string;
  viewAll: string;
  /** The /v1 call whose `deals` fill the row; null while it cannot be asked yet (no session). */
  source: string | null;
}

/** A rail never shows sold-out deals (nor does any carousel). */
export function withoutSoldOut<T extends { soldOut?: boolean }>(deals: readonly T[]): T[] {
  return deals.filter((deal) => !deal.soldOut);
}

/**
 * One home rail: a heading with its View all link and a row of deals fetched in the browser. An
 * empty answer hides the rail. Nothing of it is in the server's HTML when it is personal, so the
 * location homepage stays the same for everyone and cacheable.
 */
function Rail({ id, header, viewAll, source }: RailProps) {
  const [deals, setDeals] = useState<DealTileData[] | null>(null);
  useEffect(() => {
    if (!source) return;
    let cancelled = false;
    fetch(source, { headers: { accept: "application/json" }, credentials: "same-origin" })
      .then((response) => (response.ok ? (response.json() as Promise<{ deals: DealTileData[] }>) : { deals: [] }))
      .then((body) => !cancelled && setDeals(withoutSoldOut(body.deals).slice(0, 14)))
      .catch(() => !cancelled && setDeals([]));
    return () => {
      cancelled = true;
    };
  }, [source]);
  if (!deals || deals.length === 0) return null;
  return (
    <section aria-labelledby={`rail-${id}`} className="mb-8" data-rail={id}>
      <div className="mb-3 flex items-baseline justify-between gap-4">
        <h2 id={`rail-${id}`} className="text-xl font-bold">
          {header}
        </h2>
        <Link to={viewAll} className="whitespace-nowrap font-bold text-brand-dark underline-offset-2 hover:underline">
          View all<span className="sr-only">: {header}</span>
        </Link>
      </div>
      <ul className="flex snap-x gap-4 overflow-x-auto pb-2">
        {deals.map((deal) => (
          <li key={deal.id} className="w-full shrink-0 snap-start md:w-[calc((100%-1rem)/2)] xl:w-[calc((100%-3rem)/4)]">
            <DealTile deal={deal} eager={false} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The location homepage's rails (spec discovery: Buy again, Early Bird Deals, New Products,
 * Recently Viewed, Recommended for you), each with a View all page. All load after hydration:
 * the personal ones (Buy again, Recently Viewed, Recommended for you) from the visitor's own
 * session, the others from the location's public lists.
 */
export function HomeRails({ location }: { location: string }) {
  const session = useVisitorSession();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const token = session?.isAuthenticated ? session.customerToken : null;
  const where = `location=${encodeURIComponent(location)}`;
  return (
    <div>
      <Rail id="buy-again" header="Buy again" viewAll="/buy-again" source={token ? `/v1/buy-again/deals?page=0&pageSize=10&${where}` : null} />
      <Rail id="early-bird" header="Early Bird Deals" viewAll="/early-bird" source={hydrated ? `/v1/early-bird-deal?${where}` : null} />
      <Rail
        id="new-products"
        header="New Products"
        viewAll={`/deals/${location}?orderBy=recentlyAdded`}
        source={hydrated ? `/v1/product-listing-page-deal?path=${encodeURIComponent(`/deals/${location}?orderBy=recentlyAdded`)}` : null}
      />
      <Rail id="recently-viewed" header="Recently Viewed" viewAll="/recently-viewed" source={session ? "/v1/recently-viewed" : null} />
      <Rail
        id="recommended"
        header="Recommended for you"
        viewAll="/recommended-for-you"
        source={token ? `/v1/recommendations/ct/${encodeURIComponent(token)}?limit=40&pageSize=25&page=0&${where}` : null}
      />
    </div>
  );
}
