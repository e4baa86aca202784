import { useRef } from "react";
import { Form, Link } from "react-router";
import { type PriceBand, SORT_LABELS, SORT_OPTIONS, type SortOption } from "../../modules/catalog/rules/listing-options";

interface Props {
  basePath: string;
  sort: SortOption;
  /** Current band in whole currency units, or null. */
  minPrice: number | null;
  maxPrice: number | null;
  bands: PriceBand[];
  /** The other filter keys of the page (category, searchTag, vip…): sorting and bands keep them. */
  filters: [string, string][];
}

function bandHref(basePath: string, sort: SortOption, band: { min: number; max: number | null } | null, filters: [string, string][]): string {
  const params = new URLSearchParams();
  if (sort !== "popularity") params.set("orderBy", sort);
  if (band) {
    params.set("minPrice", String(band.min));
    if (band.max !== null) params.set("maxPrice", String(band.max));
  }
  for (const [name, value] of filters) params.set(name, value);
  const query = params.toString();
  return query ? `${basePath}?${query}` : basePath;
}

/** Sort (a GET form, submitted on change when JavaScript runs) and price bands (plain links). */
export function ListingControls({ basePath, sort, minPrice, maxPrice, bands, filters }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const current = (band: PriceBand) => band.min === minPrice && band.max === maxPrice;
  const filtered = minPrice !== null || maxPrice !== null;
  return (
    <div className="mb-6 flex flex-col gap-3 rounded-lg bg-white p-3 ring-1 ring-gray-200 md:flex-row md:items-center md:justify-between">
      <Form ref={form} method="get" action={basePath} className="flex items-center gap-2">
        <label htmlFor="listing-sort" className="font-bold">
          Sort by
        </label>
        <select
          id="listing-sort"
          name="orderBy"
          defaultValue={sort}
          onChange={() => form.current?.requestSubmit()}
          className="rounded border border-gray-300 bg-white px-2 py-1"
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {SORT_LABELS[option]}
            </option>
          ))}
        </select>
        {minPrice !== null && <input type="hidden" name="minPrice" value={minPrice} />}
        {maxPrice !== null && <input type="hidden" name="maxPrice" value={maxPrice} />}
        {filters.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <noscript>
          <button type="submit" className="rounded bg-brand px-3 py-1 font-bold text-white">
            Sort
          </button>
        </noscript>
      </Form>
      <nav aria-label="Price" className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-bold">Price</span>
        <Link
          to={bandHref(basePath, sort, null, filters)}
          aria-current={!filtered ? "true" : undefined}
          className={`rounded-full px-3 py-1 ring-1 ${!filtered ? "bg-brand text-white ring-brand" : "ring-gray-300 hover:bg-gray-100"}`}
        >
          Any price
        </Link>
        {bands.map((band) => (
          <Link
            key={band.label}
            to={bandHref(basePath, sort, band, filters)}
            aria-current={current(band) ? "true" : undefined}
            className={`rounded-full px-3 py-1 ring-1 ${current(band) ? "bg-brand text-white ring-brand" : "ring-gray-300 hover:bg-gray-100"}`}
          >
            {band.label}
          </Link>
        ))}
      </nav>
    </div>
  );
}
