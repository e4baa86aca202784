import { Link, data } from "react-router";
import { contentBlocks } from "../../modules/content/blocks";
import { getContentPage } from "../../modules/content/pages";
import { ContentBody } from "../components/ContentBody";
import { DealScroller } from "../components/DealScroller";
import { seoMeta } from "../seo";
import { visitorLocation } from "../shell/load-shell.server";
import type { Route } from "./+types/gifts";

const GIFT_ROWS = [
  { header: "Gifts for Mum", specialTag: "gifts-for-mum", category: null },
  { header: "Gifts for Dad", specialTag: "gifts-for-dad", category: null },
  { header: "Family days out", specialTag: "family-days-out", category: null },
  { header: "Gift shop", specialTag: null, category: "gifts" },
] as const;

/** /gifts: gift ideas by recipient, from the gift collections and the gifts category. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, brand } = context;
  const [page, location] = await Promise.all([getContentPage(db, "gifts", brand), visitorLocation(context, request)]);
  if (!page) throw data("Page not found", { status: 404 });
  const rows = GIFT_ROWS.map((row) => ({
    header: row.header,
    feedPath: row.specialTag ? `/deals/${location.shortName}/special/${row.specialTag}` : `/deals/shop/${row.category}`,
  }));
  return { page: { ...page, blocks: contentBlocks(page.text) }, rows, canonical: `${context.publicOrigin}/gifts` };
}

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  if (!loaded) return [];
  return seoMeta({ title: `Gift Ideas | ${loaded.page.description}`, description: loaded.page.description, canonical: loaded.canonical }, matches);
}

export default function Gifts({ loaderData }: Route.ComponentProps) {
  const { page, rows } = loaderData;
  return (
    <>
      <h1 className="mb-4 text-3xl font-bold">{page.displayName}</h1>
      <div className="mb-8">
        <ContentBody blocks={page.blocks} />
      </div>
      {rows.map((row) => (
        <DealScroller key={row.header} header={row.header} subHeader={null} ctaLabel="See all" ctaLink={row.feedPath} feedPath={row.feedPath} />
      ))}
      <p>
        <Link to="/guides/hub" className="font-bold text-brand-dark underline">
          More gift ideas in our guides
        </Link>
      </p>
    </>
  );
}
