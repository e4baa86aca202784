import { getWishlist } from "../../modules/wishlist/get-wishlist";
import { wishlistViewer } from "../../server/accounts/visitor-lists";
import { accountMeta } from "../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../accounts/page.server";
import { DealTile } from "../components/DealTile";
import type { Route } from "./+types/wishlist";

export const meta = accountMeta("My wish list");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export async function loader({ context }: Route.LoaderArgs) {
  const list = await getWishlist(context.db, wishlistViewer(context));
  return { signedIn: context.customer !== null, deals: list?.deals ?? [], total: list?.total ?? 0 };
}

export default function Wishlist({ loaderData }: Route.ComponentProps) {
  const { signedIn, deals, total } = loaderData;
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">
        My wish list{total > 0 && <span className="font-normal text-gray-600"> ({total})</span>}
      </h1>
      {!signedIn && (
        // Spec: guests see this prompt, and it leads to the login page.
        <p className="mb-6 rounded bg-white p-4 ring-1 ring-gray-200">
          <a className="font-bold text-brand-dark underline" href="/login?redirectUrl=%2Fwishlist">
            Login to see your full wish list
          </a>
        </p>
      )}
      {deals.length === 0 ? (
        <div className="rounded-lg bg-white p-6 ring-1 ring-gray-200" data-testid="empty-state">
          <p className="mb-2 font-bold">Your wish list is empty.</p>
          <p>
            Tap the heart on any deal to save it here.{" "}
            <a className="font-bold text-brand-dark underline" href="/">
              Browse today's deals
            </a>
          </p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {deals.map((deal, index) => (
            <li key={deal.id}>
              <DealTile deal={deal} eager={index < 3} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
