import { data, redirect } from "react-router";
import { CatalogError } from "../../modules/catalog/errors";
import { listDeals } from "../../modules/catalog/listing/list-deals";
import { listVipHub } from "../../modules/catalog/listing/list-vip-hub";
import { VipHubSections } from "../components/VipHub";
import { ListingQueryError, filterParams, parseListingQuery, priceBands } from "../../modules/catalog/rules/listing-options";
import { ListingPathError, parseListingPath } from "../../modules/catalog/rules/listing-path";
import { listScrollerConfiguration, scrollerFeedPath } from "../../modules/content/scrollers";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { DealGrid } from "../components/DealGrid";
import { DealScroller } from "../components/DealScroller";
import { HomeRails } from "../components/HomeRails";
import { ImpressionTracker } from "../components/ImpressionTracker";
import { FacetNav } from "../components/FacetNav";
import { ListingControls } from "../components/ListingControls";
import { NearMeLocator } from "../components/NearMeLocator";
import { LoadMore } from "../components/LoadMore";
import { Pagination } from "../components/Pagination";
import { TravelMenu } from "../components/TravelMenu";
import { VipShowcaseContext } from "../components/viewer";
import { seoMeta } from "../seo";
import { useShell } from "../shell/use-shell";
import { visitorLocation } from "../shell/load-shell.server";
import { listingPageHeaders } from "../cache-headers";
import type { Route } from "./+types/listing";

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

const notFound = () => data("Page not found", { status: 404 });

export async function loader({ request, context, url }: Route.LoaderArgs) {
  let parsed;
  let query;
  try {
    parsed = parseListingPath(url.pathname);
    query = parseListingQuery(url.searchParams);
  } catch (error) {
    if (error instanceof ListingPathError || error instanceof ListingQueryError) throw notFound();
    throw error;
  }
  if (parsed.target.kind === "deal") throw notFound();
  const { db, brand, clock } = context;
  const now = clock.now();
  const visitor = await visitorLocation(context, request);
  try {
    const listing = await listDeals(db, {
      brand,
      now,
      pageType: parsed.pageType,
      target: parsed.target,
      query,
      visitorLocation: visitor.shortName,
      outOfRange: "not-found",
    });
    if (listing.redirectUrl) throw redirect(`${listing.redirectUrl}${url.search}`, 301);
    const homepage = parsed.pageType === "homepage" && query.page === 1;
    const scrollers = homepage ? await scrollerRows(context, listing.location.shortName) : [];
    // The VIP hub's own rows (exclusives, early access) head the first page of /deals/vip.
    const vipHub = parsed.target.kind === "vip" && parsed.target.categories.length === 0 && listing.page === 1 ? await listVipHub(db, { countryCode: brand.countryCode, locationId: listing.location.id, now }) : null;
    // The same for every visitor of this brand and location: shared caches may keep it.
    const shown = [...(listing.mainDeal ? [listing.mainDeal, ...listing.sideDeals] : []), ...listing.deals];
    if (vipHub) shown.push(...vipHub.exclusives.map((offer) => offer.deal), ...vipHub.earlyAccess.map((early) => early.deal));
    return data(
      {
        listing,
        scrollers,
        // Home rails (Buy again, Early Bird, New Products, Recently Viewed, Recommended) load in the browser.
        homeRails: homepage ? listing.location.shortName : null,
        vipHub,
        origin: context.publicOrigin,
        search: url.search,
        bands: priceBands(listing.dealType, brand.currency),
      },
      { headers: listingPageHeaders(brand.countryCode, shown.map((deal) => deal.id)) },
    );
  } catch (error) {
    if (error instanceof CatalogError) throw notFound();
    throw error;
  }
}

/** Home page scrollers: their headings render now, their deals load in the browser (DealScroller). */
async function scrollerRows(context: Route.LoaderArgs["context"], location: string) {
  const configs = await listScrollerConfiguration(context.db, context.brand.id, "homepage");
  return configs.flatMap((config) => {
    const feedPath = scrollerFeedPath(config, location);
    if (!feedPath) return [];
    return [{ header: config.header, subHeader: config.subHeader, ctaLabel: config.ctaLabel, ctaLink: config.ctaLink?.replace("{location}", location) ?? feedPath, feedPath }];
  });
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const { listing } = page;
  return seoMeta({
    title: listing.metaTitle,
    description: listing.description,
    canonical: `${page.origin}${listing.canonicalUrl}`,
    robots: listing.robots,
    image: listing.mainDeal?.image ? `${page.origin}${listing.mainDeal.image.imageUrl}` : null,
  }, matches);
}

export default function Listing({ loaderData }: Route.ComponentProps) {
  const { listing, scrollers, search, bands, vipHub, homeRails } = loaderData;
  const shell = useShell();
  const travel = listing.kind === "travel" ? shell?.navigation.find((item) => item.kind === "travel") : undefined;
  const featured = listing.mainDeal ? [listing.mainDeal, ...listing.sideDeals] : [];
  const query = listing.query;
  const content = (
    <>
      <Breadcrumbs items={listing.breadcrumbs} />
      {travel && <TravelMenu travel={travel} />}
      <h1 className="mb-6 text-2xl font-bold">
        {listing.heading}
        {listing.page > 1 && (
          <span className="font-normal text-gray-700">
            {" "}
            (page {listing.page} of {listing.pageCount})
          </span>
        )}
      </h1>
      {listing.kind === "nearMe" && <NearMeLocator location={listing.location} />}
      {vipHub && <VipHubSections hub={vipHub} />}
      {featured.length > 0 && (
        <section aria-label="Featured deals" className="mb-8">
          <DealGrid deals={featured} label="Featured deals" layout="featured" />
        </section>
      )}
      {homeRails && <HomeRails location={homeRails} />}
      {scrollers.map((row) => (
        <DealScroller key={row.header} {...row} />
      ))}
      <div className="grid gap-6 lg:grid-cols-[17rem_1fr]">
        <aside className="order-2 lg:order-1">
          <FacetNav facets={listing.facetedNavigation} />
        </aside>
        <section aria-label="Deals" className="order-1 lg:order-2">
          <ListingControls
            basePath={listing.basePath}
            sort={query.sort}
            minPrice={query.minPrice === null ? null : query.minPrice / 100}
            maxPrice={query.maxPrice === null ? null : query.maxPrice / 100}
            bands={bands}
            filters={filterParams(query)}
          />
          {listing.deals.length === 0 ? (
            <p>There are no deals here right now. Please check back soon, or try another category or price.</p>
          ) : (
            <ImpressionTracker location={listing.location?.shortName ?? shell?.location.shortName ?? "national"} watchKey={listing.deals.map((deal) => deal.id).join(",")}>
              <DealGrid deals={listing.deals} label="Deals" eagerCount={featured.length ? 0 : 3} />
            </ImpressionTracker>
          )}
          <LoadMore
            key={`${listing.basePath}${search}`}
            path={`${listing.basePath}${search.replace(/([?&])page=\d+&?/, "$1").replace(/[?&]$/, "")}`}
            firstPage={listing.page}
            pageSize={listing.pageSize}
            initialNoMore={listing.page >= listing.pageCount}
            shownDealIds={listing.deals.map((deal) => deal.id)}
          />
          <Pagination basePath={listing.basePath} page={listing.page} pageCount={listing.pageCount} search={search} />
        </section>
      </div>
    </>
  );
  if (listing.kind === "vip") return <VipShowcaseContext.Provider value={true}><div className="theme-vip">{content}</div></VipShowcaseContext.Provider>;
  if (listing.kind === "wellness") return <div className="theme-wellness">{content}</div>;
  return content;
}
