import { data } from "react-router";
import { parseMajorUnits } from "../../lib/money";
import { SEARCH_ORDERS, type SearchOrderBy, searchDeals } from "../../modules/search/search-deals";
import { listingPageHeaders, publicPageHeaders } from "../cache-headers";
import { DealTile } from "../components/DealTile";
import { ImpressionTracker } from "../components/ImpressionTracker";
import { Pagination } from "../components/Pagination";
import { SearchFilters, SORT_OPTIONS, searchHref } from "../components/SearchFilters";
import { SponsoredDealTile } from "../components/SponsoredDealTile";
import { SEARCH_SOURCE, withArrivalSource } from "../tracking/arrival-source";
import type { Route } from "./+types/search";
import { shownError } from "../../server/errors";

const SLUG = /^[a-z0-9-]{1,64}$/;

function slugParam(params: URLSearchParams, key: string): string | undefined {
  const value = params.get(key);
  return value !== null && SLUG.test(value) ? value : undefined;
}

function priceParam(params: URLSearchParams, key: string): number | undefined {
  const value = params.get(key);
  return value === null ? undefined : (parseMajorUnits(value) ?? undefined);
}

/**
 * The search page reads only the URL (and brand), never who is asking, so its HTML can be cached.
 * Unusable filter values are ignored rather than failing the page; a blank query shows a prompt.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const q = params.get("q") ?? "";
  const brand = { name: context.brand.displayName, currency: context.brand.currency };
  if (q.trim() === "") return data({ state: "empty" as const, brand, q }, { headers: publicPageHeaders([]) });

  const page = /^[1-9]\d{0,4}$/.test(params.get("page") ?? "") ? Number(params.get("page")) : 1;
  const orderByParam = params.get("orderBy");
  const orderBy = (SEARCH_ORDERS as readonly string[]).includes(orderByParam ?? "") ? (orderByParam as SearchOrderBy) : undefined;
  try {
    const results = await searchDeals(context.db, context.clock, {
      countryCode: context.brand.countryCode,
      location: slugParam(params, "location") ?? context.brand.defaultLocationSlug,
      q,
      category: slugParam(params, "category"),
      subCategory: slugParam(params, "subcategory"),
      minPrice: priceParam(params, "minPrice"),
      maxPrice: priceParam(params, "maxPrice"),
      vip: params.get("vip") === "true",
      orderBy,
      page,
    });
    if (page > results.pageCount) throw data("Page not found", { status: 404 });
    const shown = results.deals.map((deal) => deal.id);
    return data({ state: "results" as const, brand, q, results, search: params.toString() }, { headers: listingPageHeaders(context.brand.countryCode, shown) });
  } catch (error) {
    const shown = shownError(error);
    throw data(shown.message, { status: shown.status });
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [];
  const title = page.state === "results" ? `Search results for "${page.q.trim()}" | ${page.brand.name}` : `Search deals | ${page.brand.name}`;
  return [
    { title },
    { name: "description", content: "Search local, national and travel deals, up to 80% off." },
    // Result pages are endless variations of one another: let crawlers follow, not index them.
    { name: "robots", content: "NOINDEX, FOLLOW" },
  ];
}

export default function Search({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "empty") {
    return (
      <section className="py-12 text-center">
        <h1 className="mb-3 text-2xl font-bold">What are you looking for?</h1>
        <p>Type a deal, a place or a category into the search box above, for example “spa day”, “Manchester” or “afternoon tea”.</p>
      </section>
    );
  }

  const { results, q, brand } = loaderData;
  const params = new URLSearchParams(loaderData.search);
  const adIds = new Map(results.sponsored.map((entry) => [entry.id, entry.adId]));
  const basePath = searchHref(params, {});
  const query = q.trim();

  return (
    <>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Results for “{query}”</h1>
          <p className="text-gray-700" data-testid="result-count">
            {results.total === 1 ? "1 deal" : `${results.total} deals`}
            {results.page > 1 && ` (page ${results.page} of ${results.pageCount})`}
          </p>
          {results.didYouMean && (
            <p className="mt-1">
              Showing results for <strong>{results.didYouMean}</strong>
            </p>
          )}
        </div>
        <SearchSort params={params} orderBy={results.orderBy} />
      </div>
      <div className="grid gap-8 md:grid-cols-[15.75rem_1fr]">
        <SearchFilters params={params} facets={results.facets} currency={brand.currency} />
        <div>
          {results.deals.length === 0 ? (
            <section className="rounded-lg bg-white p-6 ring-1 ring-gray-200">
              <h2 className="mb-2 text-lg font-bold">No deals match “{query}”</h2>
              <p>
                Try fewer or different words, remove a filter, or{" "}
                <a className="text-brand-dark underline" href={`/deals/${results.location.shortName}`}>
                  browse today's deals in {results.location.name}
                </a>
                .
              </p>
            </section>
          ) : (
            <ImpressionTracker location={results.location.shortName} watchKey={results.deals.map((d) => d.id).join(",")}>
              <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Search results">
                {results.deals.map((deal, index) => {
                  const adId = adIds.get(deal.id);
                  return (
                    <li key={`${adId ?? "organic"}-${deal.id}`}>
                      {adId ? (
                        <SponsoredDealTile deal={deal} adId={adId} eager={index < 3} />
                      ) : (
                        <DealTile deal={{ ...deal, urlPath: withArrivalSource(deal.urlPath, SEARCH_SOURCE) }} eager={index < 3} />
                      )}
                    </li>
                  );
                })}
              </ul>
            </ImpressionTracker>
          )}
          <Pagination basePath={basePath} page={results.page} pageCount={results.pageCount} />
        </div>
      </div>
    </>
  );
}

/** Sort order: a GET form that submits itself on change with JavaScript, or with its button without. */
function SearchSort({ params, orderBy }: { params: URLSearchParams; orderBy: SearchOrderBy }) {
  const kept = [...params.entries()].filter(([key]) => key !== "orderBy" && key !== "order" && key !== "page");
  return (
    <form method="get" action="/search" className="flex items-center gap-2">
      {kept.map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <label htmlFor="search-sort" className="font-bold">
        Sort by
      </label>
      <select
        id="search-sort"
        name="orderBy"
        defaultValue={orderBy}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className="rounded border border-gray-300 bg-white px-2 py-1"
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded bg-brand px-3 py-1 font-bold text-white">
          Sort
        </button>
      </noscript>
    </form>
  );
}
