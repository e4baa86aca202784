import { useEffect, useRef } from "react";
import { Link, data, useLocation } from "react-router";
import { CatalogError } from "../../modules/catalog/errors";
import { type GiftFinderFacet, findGifts } from "../../modules/catalog/listing/gift-finder";
import { personalityFromParam, priceBandFromParam, recipientFromSegment } from "../../modules/catalog/rules/gift-finder";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { DealGrid } from "../components/DealGrid";
import { Pagination } from "../components/Pagination";
import { listingPageHeaders } from "../cache-headers";
import { seoMeta } from "../seo";
import type { Route } from "./+types/gift-finder";

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

const notFound = () => data("Page not found", { status: 404 });

/** {location}/gift-finder[/gifts-for-{recipient}] and /deal/{location}/gift-finder[/…]: gifts by recipient, personality and price. */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const recipient = recipientFromSegment(params.recipient);
  const personality = personalityFromParam(url.searchParams.get("personality"));
  const price = priceBandFromParam(url.searchParams.get("price"));
  const pageParam = url.searchParams.get("page") ?? "1";
  const page = /^[1-9]\d{0,3}$/.test(pageParam) ? Number(pageParam) : null;
  if (recipient === undefined || personality === undefined || price === undefined || page === null) throw notFound();
  const { db, brand, clock } = context;
  try {
    const finder = await findGifts(db, { brand, now: clock.now(), location: params.location, selection: { recipient, personality, price }, page });
    return data({ finder, origin: context.publicOrigin }, { headers: listingPageHeaders(context.brand.countryCode, finder.deals.map((deal) => deal.id)) });
  } catch (error) {
    if (error instanceof CatalogError) throw notFound();
    throw error;
  }
}

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [];
  const { finder } = page;
  const filtered = finder.selection.personality !== null || finder.selection.price !== null || finder.page > 1;
  return seoMeta({
    title: finder.metaTitle,
    description: finder.description,
    canonical: `${page.origin}${finder.canonicalUrl}`,
    robots: filtered ? "NOINDEX, FOLLOW" : undefined,
  });
}

/** One group of choices: links (work without JavaScript), each with how many gifts it would list. */
function FacetGroup({ id, title, facets }: { id: string; title: string; facets: GiftFinderFacet[] }) {
  return (
    <section aria-labelledby={id} className="mb-5">
      <h2 id={id} className="mb-2 text-base font-bold">
        {title}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {facets.map((facet) => {
          const text = (
            <>
              {facet.label} <span className="text-sm">{`(${facet.count})`}</span>
            </>
          );
          const base = "inline-flex items-center gap-1 rounded-full px-3 py-1 ring-1";
          return (
            <li key={facet.id}>
              {facet.count === 0 && !facet.isActive ? (
                <span className={`${base} text-gray-600 ring-gray-300`}>{text}</span>
              ) : (
                <Link
                  to={facet.url}
                  preventScrollReset
                  aria-current={facet.isActive ? "true" : undefined}
                  className={`${base} ${facet.isActive ? "bg-brand-dark text-white ring-brand-dark" : "bg-white ring-gray-400 hover:bg-gray-100"}`}
                >
                  {text}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export default function GiftFinder({ loaderData }: Route.ComponentProps) {
  const { finder } = loaderData;
  const where = useLocation();
  const results = useRef<HTMLHeadingElement>(null);
  const shown = useRef(`${where.pathname}${where.search}`);
  // A choice made in the browser replaces the results without a page load: move focus to them.
  useEffect(() => {
    const now = `${where.pathname}${where.search}`;
    if (shown.current === now) return;
    shown.current = now;
    results.current?.focus();
  }, [where.pathname, where.search]);
  const anyone = finder.facetedNavigation.defaultItem;
  return (
    <>
      <Breadcrumbs
        items={[
          { label: finder.location.name, href: `/deals/${finder.location.shortName}` },
          { label: "Gift Finder", href: finder.root },
        ]}
      />
      <h1 className="mb-2 text-2xl font-bold">{finder.heading}</h1>
      <p className="mb-6 text-gray-700">
        Gift ideas in {finder.location.name} and delivered to the door. Choose who it is for, what they are like and what you want to spend.
      </p>
      <div className="grid gap-6 lg:grid-cols-[300px_1fr]">
        <div>
          <FacetGroup id="gift-finder-recipients" title="Who is it for?" facets={finder.recipients} />
          <p className="-mt-3 mb-5 text-sm">
            {anyone.isActive ? (
              <span>Showing gifts for anyone</span>
            ) : (
              <Link to={anyone.url} preventScrollReset className="underline">
                Show gifts for anyone
              </Link>
            )}
          </p>
          <FacetGroup id="gift-finder-personalities" title="What are they like?" facets={finder.personalities} />
          <FacetGroup id="gift-finder-prices" title="How much to spend?" facets={finder.priceBands} />
          {finder.clearUrl && (
            <p className="text-sm">
              <Link to={finder.clearUrl} preventScrollReset className="underline">
                Clear personality and price
              </Link>
            </p>
          )}
        </div>
        <section aria-labelledby="gift-finder-results">
          <h2 id="gift-finder-results" ref={results} tabIndex={-1} data-route-focus className="mb-4 text-xl font-bold">
            {finder.resultsHeading}
          </h2>
          {finder.deals.length === 0 ? (
            <p>No gifts match all of these choices yet. Try another personality or price, or show gifts for anyone.</p>
          ) : (
            <DealGrid deals={finder.deals} label="Gifts" />
          )}
          <Pagination basePath={finder.canonicalUrl.split("?")[0]} page={finder.page} pageCount={finder.pageCount} search={where.search} />
        </section>
      </div>
    </>
  );
}
