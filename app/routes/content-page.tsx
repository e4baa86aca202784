import { Link, data, redirect } from "react-router";
import { listCollectionDeals } from "../../modules/catalog/listing/list-collection-deals";
import { pageTypeFromPath } from "../../modules/catalog/rules/page-type";
import { contentBlocks } from "../../modules/content/blocks";
import { getContentPage, listContentPages } from "../../modules/content/pages";
import { contentCacheTag } from "../../lib/cache-tags";
import { publicPageHeaders } from "../cache-headers";
import { ContentBody } from "../components/ContentBody";
import { DealGrid } from "../components/DealGrid";
import { seoMeta } from "../seo";
import { visitorLocation } from "../shell/load-shell.server";
import type { Route } from "./+types/content-page";

/** /page/{slug}, /guides/{guide}, /discountcodes and /editorial-team: copy stored in content_pages. */
function slugOf(pathname: string): string {
  const path = pathname.replace(/^\/+|\/+$/g, "");
  return path.startsWith("page/") ? path.slice("page/".length) : path;
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { db, brand, clock } = context;
  // Discovery's claim-experience-gift page: the guides with the claim-my-gift flag lead to the claim.
  if (pageTypeFromPath(url.pathname, url.searchParams) === "claim-gift") throw redirect("/mygift");
  const page = await getContentPage(db, slugOf(url.pathname), brand);
  if (!page) throw data("Page not found", { status: 404 });
  if (page.redirectUrl) throw redirect(page.redirectUrl, 301);
  const location = page.dealsFeed ? await visitorLocation(context, request) : null;
  const [deals, guides] = await Promise.all([
    page.dealsFeed && location
      ? listCollectionDeals(db, {
          countryCode: brand.countryCode,
          now: clock.now(),
          locationId: location.id,
          specialTag: page.dealsFeed.specialTag,
          category: page.dealsFeed.category,
          dealType: page.dealsFeed.dealType,
          limit: page.dealsFeed.pageSize,
        })
      : Promise.resolve([]),
    page.slug === "guides/hub" ? listContentPages(db, "guide", brand) : Promise.resolve([]),
  ]);
  // The same for every visitor of this brand and location; a staff edit drops it from the caches at once.
  return data(
    {
      page: { ...page, blocks: contentBlocks(page.text) },
      deals,
      guides: guides.filter((guide) => guide.slug !== page.slug),
      canonical: `${context.publicOrigin}${url.pathname}`,
    },
    { headers: publicPageHeaders(deals.map((deal) => deal.id), { tags: [contentCacheTag(page.slug)] }) },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  if (!loaded) return [];
  return seoMeta({ title: `${loaded.page.displayName} | ${loaded.page.description}`, description: loaded.page.description, canonical: loaded.canonical, ogType: "article" }, matches);
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page, deals, guides } = loaderData;
  return (
    <article className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">{page.displayName}</h1>
      <ContentBody blocks={page.blocks} />
      {guides.length > 0 && (
        <ul className="grid gap-4 md:grid-cols-2">
          {guides.map((guide) => (
            <li key={guide.slug} className="rounded-lg bg-white p-4 ring-1 ring-gray-200">
              <h2 className="text-lg font-bold">
                <Link to={`/${guide.slug}`} className="underline-offset-2 hover:underline">
                  {guide.displayName}
                </Link>
              </h2>
              <p>{guide.description}</p>
            </li>
          ))}
        </ul>
      )}
      {deals.length > 0 &&
        (page.listicleView ? (
          <ol className="flex flex-col gap-6" aria-label="Our picks">
            {deals.map((deal, index) => (
              <li key={deal.id} className="grid gap-4 md:grid-cols-[20rem_1fr]">
                <h2 className="text-xl font-bold md:col-span-2">
                  {index + 1}. {deal.headline}
                </h2>
                <DealGrid deals={[deal]} eagerCount={index < 2 ? 1 : 0} layout="stack" />
              </li>
            ))}
          </ol>
        ) : (
          <section aria-label="Deals">
            <DealGrid deals={deals} label="Deals" />
          </section>
        ))}
      {page.additionalText && <p className="text-sm text-gray-700">{page.additionalText}</p>}
    </article>
  );
}
