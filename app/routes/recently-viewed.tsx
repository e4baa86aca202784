import type { DealType } from "../../modules/catalog/schema";
import { listRecentlyViewed } from "../../modules/recently-viewed/recently-viewed";
import { recentlyViewedOwner } from "../../server/accounts/visitor-lists";
import { accountMeta } from "../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../accounts/page.server";
import { DealTile } from "../components/DealTile";
import type { Route } from "./+types/recently-viewed";

export const meta = accountMeta("Recently viewed");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export async function loader({ context }: Route.LoaderArgs) {
  const owner = recentlyViewedOwner(context, false);
  const deals = owner ? await listRecentlyViewed(context.db, { owner, countryCode: context.brand.countryCode }) : [];
  const sectionTitles: Record<DealType, string> = { local: "Local deals", national: "Shop", travel: context.brand.travelName === "travel" ? "Travel" : "Escapes" };
  const sections = (["local", "national", "travel"] as const)
    .map((type) => ({ type, title: sectionTitles[type], deals: deals.filter((deal) => deal.dealType === type) }))
    .filter((section) => section.deals.length > 0);
  return { sections };
}

export default function RecentlyViewed({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="mb-6 text-2xl font-bold">Recently viewed</h1>
      {loaderData.sections.length === 0 && <p>You haven't viewed any deals yet. The last deals you open will appear here.</p>}
      {loaderData.sections.map((section) => (
        <section key={section.type} className="mb-8" aria-labelledby={`recent-${section.type}`}>
          <h2 id={`recent-${section.type}`} className="mb-4 text-xl font-bold">
            {section.title}
          </h2>
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {section.deals.map((deal) => (
              <li key={deal.id}>
                <DealTile deal={deal} eager={false} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
