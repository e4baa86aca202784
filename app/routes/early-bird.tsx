import { data } from "react-router";
import { listCollectionDeals } from "../../modules/catalog/listing/list-collection-deals";
import { listingPageHeaders } from "../cache-headers";
import { RailPage } from "../components/RailPage";
import { visitorLocation } from "../shell/load-shell.server";
import type { Route } from "./+types/early-bird";

/** The whole early-bird list of a location (its local deals and the market's shop and travel ones). */
const EARLY_BIRD_LIMIT = 60;

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches.find((match) => match?.id === "root")?.data as { brand?: { displayName: string } } | undefined;
  return [{ title: root?.brand ? `Early Bird Deals | ${root.brand.displayName}` : "Early Bird Deals" }];
}

/** Early Bird Deals (home rail View all): the same for every visitor of a location, so shared caches keep it. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const location = await visitorLocation(context, request);
  const deals = (await listCollectionDeals(context.db, { countryCode: context.brand.countryCode, now: context.clock.now(), locationId: location.id, earlyBird: true, limit: EARLY_BIRD_LIMIT })).filter(
    (deal) => !deal.soldOut,
  );
  return data({ deals, location: location.name }, { headers: listingPageHeaders(context.brand.countryCode, deals.map((deal) => deal.id)) });
}

export default function EarlyBird({ loaderData }: Route.ComponentProps) {
  return (
    <RailPage
      title="Early Bird Deals"
      intro={`New deals at their launch price, in ${loaderData.location} and across the shop and travel.`}
      deals={loaderData.deals}
      basePath="/early-bird"
      page={1}
      pageCount={1}
      empty="There are no early bird deals right now."
      browseLabel="See today's deals"
    />
  );
}
