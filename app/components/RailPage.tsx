import { Link } from "react-router";
import type { DealTile as DealTileData } from "../../modules/catalog/deal-tile";
import { DealTile } from "./DealTile";
import { Pagination } from "./Pagination";

/**
 * A home rail's View all page: heading, a grid of deals (or, when there are none, `empty` and a
 * link to the home page), pages.
 */
export function RailPage(props: {
  title: string;
  intro?: string;
  empty: string;
  browseLabel?: string;
  deals: DealTileData[];
  basePath: string;
  page: number;
  pageCount: number;
}) {
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">
        {props.title}
        {props.page > 1 && <span className="font-normal text-gray-700"> (page {props.page} of {props.pageCount})</span>}
      </h1>
      {props.intro && <p className="mb-6 text-gray-700">{props.intro}</p>}
      {props.deals.length === 0 ? (
        <div className="mt-6">
          <p>
            {props.empty}{" "}
            <Link className="font-bold text-brand-dark underline" to="/">
              {props.browseLabel ?? "Browse today's deals"}
            </Link>
          </p>
        </div>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label={props.title}>
          {props.deals.map((deal, index) => (
            <li key={deal.id}>
              <DealTile deal={deal} eager={index < 3} />
            </li>
          ))}
        </ul>
      )}
      <Pagination basePath={props.basePath} page={props.page} pageCount={props.pageCount} />
    </>
  );
}
