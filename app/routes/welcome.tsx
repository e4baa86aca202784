import { data } from "react-router";
import { findLocation } from "../../modules/catalog/locations";
import { listCollectionDeals } from "../../modules/catalog/listing/list-collection-deals";
import { listingPageHeaders } from "../cache-headers";
import { DealGrid } from "../components/DealGrid";
import { seoMeta } from "../seo";
import { visitorLocation } from "../shell/load-shell.server";
import type { Route } from "./+types/welcome";

/** The paid-campaign landing page: 18 of the location's top deals (three rows on wide screens). */
const LANDING_DEALS = 18;

/**
 * /welcome, the ppc page type (spec discovery §2: paid-campaign landing, also called welcome). The
 * ad's `?location=` picks the deals, else the visitor's location; `?site=` themes it like any page
 * (root loader). No marketing lightbox and no app banner here. docs/decisions/app-shell-welcome-page.md.
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { db, brand, clock } = context;
  const asked = url.searchParams.get("location")?.slice(0, 64);
  const location = (asked ? await findLocation(db, brand.countryCode, asked) : null) ?? (await visitorLocation(context, request));
  const deals = await listCollectionDeals(db, { countryCode: brand.countryCode, now: clock.now(), locationId: location.id, limit: LANDING_DEALS });
  return data(
    { brandName: brand.displayName, location: { name: location.name, shortName: location.shortName }, deals, canonical: `${context.publicOrigin}/welcome` },
    { headers: listingPageHeaders(context.brand.countryCode, deals.map((deal) => deal.id)) },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data: loaded }: Route.MetaArgs) {
  if (!loaded) return [];
  return seoMeta({
    title: `Welcome to ${loaded.brandName} | Save up to 80%`,
    description: `Today's best deals in ${loaded.location.name}: restaurants, spas, days out, shopping and travel, up to 80% off.`,
    canonical: loaded.canonical,
    // A landing page for ads: its deals are the location page's, which is the one to index.
    robots: "NOINDEX, FOLLOW",
  });
}

export default function Welcome({ loaderData }: Route.ComponentProps) {
  const { brandName, location, deals } = loaderData;
  return (
    <>
      <section className="mb-6 rounded-lg bg-white p-6 ring-1 ring-gray-200">
        <h1 className="mb-2 text-3xl font-bold">Welcome to {brandName}</h1>
        <p className="mb-4 text-lg">Save up to 80% on the best things to do, eat and buy in {location.name}, with new deals every day.</p>
        <a href={`/deals/${location.shortName}`} className="inline-block rounded bg-brand px-5 py-3 font-bold text-white hover:bg-brand-dark">
          See all {location.name} deals
        </a>
      </section>
      <h2 className="mb-4 text-xl font-bold">Today's top deals</h2>
      {deals.length > 0 ? <DealGrid deals={deals} label={`Top deals in ${location.name}`} /> : <p>New deals are on their way. Please check back soon.</p>}
    </>
  );
}
