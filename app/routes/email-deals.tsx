import { data } from "react-router";
import { CatalogError } from "../../modules/catalog/errors";
import { listDeals } from "../../modules/catalog/listing/list-deals";
import { ListingQueryError, parseListingQuery } from "../../modules/catalog/rules/listing-options";
import { DealGrid } from "../components/DealGrid";
import { Pagination } from "../components/Pagination";
import { seoMeta } from "../seo";
import type { Route } from "./+types/email-deals";

/**
 * /email-deals/{location}: the location's deals as our emails list them. Deal links go through
 * /email-deal/…, which counts as a last-chance arrival; the list itself stays out of the index.
 */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  try {
    const query = parseListingQuery(url.searchParams);
    const listing = await listDeals(context.db, {
      brand: context.brand,
      now: context.clock.now(),
      pageType: "homepage",
      target: { kind: "location", location: params.location, categories: [] },
      query,
      visitorLocation: params.location,
      outOfRange: "not-found",
    });
    const toEmail = <T extends { urlPath: string }>(deal: T) => ({ ...deal, urlPath: deal.urlPath.replace(/^\/deal\//, "/email-deal/") });
    const deals = [...(listing.mainDeal ? [listing.mainDeal, ...listing.sideDeals] : []), ...listing.deals].map(toEmail);
    return { location: listing.location, deals, page: listing.page, pageCount: listing.pageCount, origin: context.publicOrigin };
  } catch (error) {
    if (error instanceof CatalogError || error instanceof ListingQueryError) throw data("Page not found", { status: 404 });
    throw error;
  }
}

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  if (!loaded) return [];
  return seoMeta({
    title: `Today's email deals in ${loaded.location.name}`,
    description: `The deals from today's ${loaded.location.name} email.`,
    canonical: `${loaded.origin}/deals/${loaded.location.shortName}`,
    robots: "NOINDEX, FOLLOW",
  }, matches);
}

export default function EmailDeals({ loaderData }: Route.ComponentProps) {
  const { location, deals, page, pageCount } = loaderData;
  return (
    <>
      <h1 className="mb-6 text-2xl font-bold">Today's email deals in {location.name}</h1>
      <DealGrid deals={deals} label="Deals" />
      <Pagination basePath={`/email-deals/${location.shortName}`} page={page} pageCount={pageCount} />
    </>
  );
}
