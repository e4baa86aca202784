import { Link } from "react-router";
import type { FacetedNavigation } from "../../modules/catalog/listing/list-deals";

/** Faceted navigation: the categories of the listing with their deal counts. */
export function FacetNav({ facets }: { facets: FacetedNavigation }) {
  if (facets.navigations.length === 0) return null;
  return (
    <nav aria-label="Categories" className="rounded-lg bg-white p-4 ring-1 ring-gray-200">
      <h2 className="mb-2 font-bold">Categories</h2>
      <ul className="flex flex-col gap-1">
        <li>
          <Link to={facets.defaultItem.url} className="flex justify-between rounded px-2 py-1 hover:bg-gray-100">
            {facets.defaultItem.linkText}
          </Link>
        </li>
        {facets.navigations.map((item) => (
          <li key={item.shortName}>
            <Link
              to={item.url}
              aria-current={item.isActive ? "page" : undefined}
              className={`flex justify-between gap-2 rounded px-2 py-1 hover:bg-gray-100 ${item.isActive ? "bg-gray-100 font-bold" : ""}`}
            >
              <span>{item.linkText}</span>
              <span className="text-gray-700">
                {item.count}
                <span className="sr-only"> deals</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
