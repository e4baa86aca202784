import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { DealTile as DealTileData } from "../../modules/catalog/deal-tile";
import { DealTile } from "./DealTile";

interface Props {
  header: string;
  subHeader: string | null;
  ctaLabel: string | null;
  ctaLink: string | null;
  /** A listing path whose deals fill the row once it scrolls into view (/v1/product-listing-page-deal). */
  feedPath: string;
}

interface Feed {
  mainDeal: DealTileData | null;
  sideDeals: DealTileData[];
  deals: DealTileData[];
}

/**
 * A horizontally scrolling row of a collection's deals (home page scrollers, gift ideas). The
 * heading and "See all" link are in the page; the deals load when the row comes into view, so
 * rows below the fold cost the server nothing until someone scrolls to them. Tiles in view (spec
 * §9 scroller columns): 1 on small screens, 2 on md and lg, 4 from xl.
 */
export function DealScroller({ header, subHeader, ctaLabel, ctaLink, feedPath }: Props) {
  const section = useRef<HTMLElement>(null);
  const [deals, setDeals] = useState<DealTileData[] | null>(null);

  useEffect(() => {
    const element = section.current;
    if (!element) return;
    let cancelled = false;
    const load = () =>
      fetch(`/v1/product-listing-page-deal?path=${encodeURIComponent(feedPath)}`)
        .then((response) => (response.ok ? (response.json() as Promise<Feed>) : null))
        .then((feed) => {
          // Sold-out deals never fill a carousel.
          if (!cancelled) setDeals(feed ? [...(feed.mainDeal ? [feed.mainDeal] : []), ...feed.sideDeals, ...feed.deals].filter((deal) => !deal.soldOut) : []);
        })
        .catch(() => !cancelled && setDeals([]));
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          load();
        }
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [feedPath]);

  if (deals !== null && deals.length === 0) return null;
  return (
    <section ref={section} aria-label={header} className="mb-8">
      <div className="mb-3 flex items-baseline justify-between gap-4">
        <div>
          <h2 className="text-xl font-bold">{header}</h2>
          {subHeader && <p className="text-gray-700">{subHeader}</p>}
        </div>
        {ctaLink && (
          <Link to={ctaLink} className="whitespace-nowrap font-bold text-brand-dark underline-offset-2 hover:underline">
            {ctaLabel ?? "View all"}
            <span className="sr-only">: {header}</span>
          </Link>
        )}
      </div>
      {/* Padding inside the scrolling row leaves room for a tile's focus ring (the row clips what overflows). */}
      <ul className="-mx-2 flex min-h-[24.25rem] snap-x gap-4 overflow-x-auto p-2" aria-busy={deals === null}>
        {(deals ?? []).map((deal) => (
          <li key={deal.id} className="w-full shrink-0 snap-start md:w-[calc((100%-1rem)/2)] xl:w-[calc((100%-3rem)/4)]">
            <DealTile deal={deal} eager={false} />
          </li>
        ))}
      </ul>
    </section>
  );
}
