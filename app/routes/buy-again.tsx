import { BUY_AGAIN_PAGE_SIZE, listBuyAgain } from "../../modules/recommendations/serve";
import { requireCustomer } from "../../server/accounts/redirects";
import { accountMeta } from "../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../accounts/page.server";
import { RailPage } from "../components/RailPage";
import { loadRailPage } from "../rails/rail-page.server";
import { visitorLocation } from "../shell/load-shell.server";
import type { Route } from "./+types/buy-again";

export const meta = accountMeta("Buy again");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

/** Buy again (home rail View all): deals from the signed-in customer's own orders that are on sale now. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const customer = requireCustomer(context, request);
  const location = await visitorLocation(context, request);
  return loadRailPage(url, BUY_AGAIN_PAGE_SIZE, (paging) =>
    listBuyAgain(context.db, { customerId: customer.id, countryCode: context.brand.countryCode, now: context.clock.now(), locationId: location.id, ...paging }),
  );
}

export default function BuyAgain({ loaderData }: Route.ComponentProps) {
  return (
    <RailPage
      title="Buy again"
      intro="Deals you have bought before that are on sale now."
      {...loaderData}
      basePath="/buy-again"
      empty="Nothing to buy again yet: deals you buy will appear here while they are on sale."
    />
  );
}
