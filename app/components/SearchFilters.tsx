import { type Currency, currencySymbol } from "../../lib/money";
import type { CategoryFacet } from "../../modules/search/search-deals";

/** A /search URL from the current parameters with some changed (null removes); any filter change goes back to page 1. */
export function searchHref(current: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(current);
  next.delete("page");
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  return `/search?${next.toString()}`;
}

export const SORT_OPTIONS = [
  { value: "relevance", label: "Best match" },
  { value: "popularity", label: "Most popular" },
  { value: "pricelow", label: "Price: low to high" },
  { value: "price", label: "Price: high to low" },
  { value: "discountPercentage", label: "Biggest discount" },
  { value: "recentlyAdded", label: "Recently added" },
] as const;

/** Spec discovery §9 price filter choices (major units); the last band runs to the search maximum. */
const PRICE_BANDS: readonly [number, number | null][] = [
  [0, 10],
  [10, 20],
  [20, 50],
  [50, 100],
  [100, 200],
  [200, null],
];

function priceBandLabel(low: number, high: number | null, symbol: string): string {
  if (high === null) return `${symbol}${low} and over`;
  return low === 0 ? `Under ${symbol}${high}` : `${symbol}${low} to ${symbol}${high}`;
}

const linkClass = "flex justify-between gap-2 rounded px-2 py-1 hover:bg-gray-100";
const currentClass = "flex justify-between gap-2 rounded bg-brand px-2 py-1 font-bold text-white";

function FilterLink({ href, current, label, count }: { href: string; current: boolean; label: string; count?: number }) {
  const content = (
    <>
      <span>{label}</span>
      {count !== undefined && <span className={current ? "" : "text-gray-600"}>{count}</span>}
    </>
  );
  return current ? (
    <span aria-current="true" className={currentClass}>
      {content}
    </span>
  ) : (
    <a href={href} className={linkClass}>
      {content}
    </a>
  );
}

interface FiltersProps {
  params: URLSearchParams;
  facets: CategoryFacet[];
  currency: Currency;
}

/** Category facets with counts, price bands and the VIP filter: plain links, so they work without JavaScript. */
export function SearchFilters({ params, facets, currency }: FiltersProps) {
  const category = params.get("category");
  const subCategory = params.get("subcategory");
  const total = facets.reduce((sum, facet) => sum + facet.count, 0);
  const selected = facets.find((facet) => facet.shortName === category);
  const minPrice = params.get("minPrice");
  const maxPrice = params.get("maxPrice");
  const vip = params.get("vip") === "true";

  return (
    <aside aria-label="Filters" className="flex flex-col gap-6">
      <nav aria-labelledby="filter-category">
        <h2 id="filter-category" className="mb-2 font-bold">
          Category
        </h2>
        <ul className="flex flex-col gap-1">
          <li>
            <FilterLink href={searchHref(params, { category: null, subcategory: null })} current={!category} label="All categories" count={total} />
          </li>
          {facets.map((facet) => (
            <li key={facet.id}>
              <FilterLink
                href={searchHref(params, { category: facet.shortName, subcategory: null })}
                current={category === facet.shortName && !subCategory}
                label={facet.name}
                count={facet.count}
              />
              {selected?.id === facet.id && facet.subCategories.length > 1 && (
                <ul className="ml-4 mt-1 flex flex-col gap-1">
                  {facet.subCategories.map((sub) => (
                    <li key={sub.id}>
                      <FilterLink
                        href={searchHref(params, { category: facet.shortName, subcategory: sub.shortName })}
                        current={subCategory === sub.shortName}
                        label={sub.name}
                        count={sub.count}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-labelledby="filter-price">
        <h2 id="filter-price" className="mb-2 font-bold">
          Price
        </h2>
        <ul className="flex flex-col gap-1">
          <li>
            <FilterLink href={searchHref(params, { minPrice: null, maxPrice: null })} current={!minPrice && !maxPrice} label="Any price" />
          </li>
          {PRICE_BANDS.map(([low, high]) => (
            <li key={low}>
              <FilterLink
                href={searchHref(params, { minPrice: String(low), maxPrice: high === null ? null : String(high) })}
                current={minPrice === String(low) && maxPrice === (high === null ? null : String(high))}
                label={priceBandLabel(low, high, currencySymbol(currency))}
              />
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-labelledby="filter-vip">
        <h2 id="filter-vip" className="mb-2 font-bold">
          VIP
        </h2>
        <a href={searchHref(params, { vip: vip ? null : "true" })} className={linkClass}>
          {vip ? "Show all deals" : "Only deals with VIP prices"}
        </a>
      </nav>
    </aside>
  );
}
