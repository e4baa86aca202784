import { useEffect, useRef, useState } from "react";
import type { DealTile as DealTileData } from "../../modules/catalog/deal-tile";
import { DealGrid } from "./DealGrid";
import type { ListedDeal } from "./DealTile";

/**
 * Infinite "load more" (spec discovery §4): fetches the next page of the same listing from
 * /v1/product-listing-page-deal, appends it, stops at an empty page and knows there is no more
 * when a page comes back shorter than the page size. Without JavaScript the pagination links do
 * the same job, so the button only appears once the page is interactive.
 * A deal already on the page is never shown twice: popularity moves while the shopper reads (a
 * deal bought meanwhile climbs from page 1 into page 2's offset), so the next page can repeat one.
 */
export function LoadMore({
  path,
  firstPage,
  pageSize,
  initialNoMore,
  shownDealIds,
}: {
  path: string;
  firstPage: number;
  pageSize: number;
  initialNoMore: boolean;
  shownDealIds: readonly number[];
}) {
  const [hydrated, setHydrated] = useState(false);
  const [deals, setDeals] = useState<ListedDeal[]>([]);
  const [lastPage, setLastPage] = useState(firstPage);
  const [loading, setLoading] = useState(false);
  const [noMore, setNoMore] = useState(initialNoMore);
  const [failed, setFailed] = useState(false);
  useEffect(() => setHydrated(true), []);
  // The first deal each press added: the focus moves to it, so the next Tab does not skip the new deals.
  const newDeals = useRef<HTMLDivElement>(null);
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  useEffect(() => {
    if (focusFrom === null) return;
    setFocusFrom(null);
    const tiles = newDeals.current?.querySelectorAll<HTMLElement>(":scope > ul > li");
    const first = tiles?.[focusFrom]?.querySelector<HTMLElement>("a[href]");
    first?.focus();
  }, [focusFrom]);

  async function loadNext() {
    if (loading) return;
    setLoading(true);
    setFailed(false);
    try {
      const page = lastPage + 1;
      const response = await fetch(`/v1/product-listing-page-deal?path=${encodeURIComponent(path)}&page=${page}`, { credentials: "include" });
      if (!response.ok) throw new Error(`listing answered ${response.status}`);
      const body = (await response.json()) as { deals: DealTileData[] };
      const shown = new Set([...shownDealIds, ...deals.map((deal) => deal.id)]);
      const fresh = body.deals.filter((deal) => !shown.has(deal.id));
      // Spec §3: each deal remembers the page it came from (as data-page on its tile).
      setDeals((current) => [...current, ...fresh.map((deal) => ({ ...deal, page }))]);
      if (fresh.length > 0) setFocusFrom(deals.length);
      setLastPage(page);
      if (body.deals.length < pageSize) setNoMore(true);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  if (!hydrated) return null;
  return (
    <div className="mt-6 flex flex-col gap-6">
      {deals.length > 0 && (
        <div ref={newDeals}>
          <DealGrid deals={deals} label="More deals" eagerCount={0} />
        </div>
      )}
      {failed && <p role="alert">We couldn't load more deals. Please try again.</p>}
      {noMore ? (
        deals.length > 0 && <p className="text-center text-gray-700">You've seen all the deals here.</p>
      ) : (
        <button
          type="button"
          onClick={loadNext}
          // Not `disabled` while loading: that would drop the keyboard focus to the top of the page.
          aria-disabled={loading || undefined}
          className="mx-auto rounded bg-brand px-6 py-3 font-bold text-white hover:bg-brand-dark disabled:opacity-60"
        >
          {loading ? "Loading…" : "Load more deals"}
        </button>
      )}
    </div>
  );
}
