import { RECOMMENDATIONS_LIMIT, RECOMMENDATIONS_PAGE_SIZE, recommendForCustomer } from "../../modules/recommendations/serve";
import { listRecentlyViewed } from "../../modules/recently-viewed/recently-viewed";
import { wishlistDealIds } from "../../modules/wishlist/get-wishlist";
import { requireCustomer } from "../../server/accounts/redirects";
import { accountMeta } from "../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../accounts/page.server";
import { RailPage } from "../components/RailPage";
import { loadRailPage } from "../rails/rail-page.server";
import { visitorLocation } from "../shell/load-shell.server";
import type { Route } from "./+types/recommended-for-you";

export const meta = accountMeta("Recommended for you");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

/** Recommended for you (spec: limit 40, page size 25): from what the customer bought, viewed and saved. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const customer = requireCustomer(context, request);
  const { db, brand } = context;
  const [location, viewed, saved] = await Promise.all([
    visitorLocation(context, request),
    listRecentlyViewed(db, { owner: { customerId: customer.id }, countryCode: brand.countryCode }),
    wishlistDealIds(db, { brand: brand.id, customerId: customer.id, guestWishlistId: null }),
  ]);
  return loadRailPage(url, RECOMMENDATIONS_PAGE_SIZE, (paging) =>
    recommendForCustomer(db, {
      countryCode: brand.countryCode,
      now: context.clock.now(),
      locationId: location.id,
      customerId: customer.id,
      seenDealIds: [...viewed.map((deal) => deal.id), ...saved.dealIds],
      limit: RECOMMENDATIONS_LIMIT,
      ...paging,
    }),
  );
}

export default function RecommendedForYou({ loaderData }: Route.ComponentProps) {
  return (
    <RailPage
      title="Recommended for you"
      intro="Picked from what shoppers who bought and viewed the same deals as you went on to buy, then what is popular near you."
      {...loaderData}
      basePath="/recommended-for-you"
      empty="No recommendations right now."
    />
  );
}
