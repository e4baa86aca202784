import { RecordRow } from "../../components/admin/RecordRow";
import { useEffect, useRef } from "react";
import { Form, useLocation } from "react-router";
import { formatMoney } from "../../../lib/money";
import { type AdminDealsSort, listAdminDeals } from "../../../modules/catalog/admin-deals";
import { loadCategoryTree } from "../../../modules/catalog/categories";
import { listLocations } from "../../../modules/catalog/locations";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { type DealsFilterValues, dealsHref, dealsQueryFromUrl } from "../../admin/deals-filter.server";
import { DEAL_STATUS_LABELS } from "../../admin/deal-status-labels";
import { requireAdminPage } from "../../admin/guard.server";
import { hasPermission } from "../../../modules/staff/permissions";
import { FilterSelect, PageLinks } from "../../components/admin/ListControls";
import { TableScroller } from "../../components/TableScroller";
import type { Route } from "./+types/deals";

export const meta = accountMeta("Deals");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const TYPE_LABELS = { local: "Local", national: "National (shop)", travel: "Travel" } as const;
const day = (date: Date) => date.toISOString().slice(0, 10);

/** The way a column sorts when its heading is first pressed: words and dates up, counts and changes down. */
const FIRST_DIRECTION: Record<AdminDealsSort, "asc" | "desc"> = { headline: "asc", price: "asc", closing: "asc", sold: "desc", updated: "desc", created: "desc" };

interface SortLink {
  href: string;
  /** Which way the link sorts. */
  direction: "asc" | "desc";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session } = await requireAdminPage(context, request, "admin/deals");
  const { query, values, page } = dealsQueryFromUrl(new URL(request.url));
  const [result, tree, gb, ie] = await Promise.all([
    listAdminDeals(context.db, query),
    loadCategoryTree(context.db),
    listLocations(context.db, "GB"),
    listLocations(context.db, "IE"),
  ]);
  const lastPage = Math.max(1, Math.ceil(result.total / result.pageSize));
  return {
    canCreate: hasPermission(session.member.role, "deals.create"),
    values,
    page,
    total: result.total,
    totalIsAtLeast: result.totalIsAtLeast,
    first: result.rows.length > 0 ? (page - 1) * result.pageSize + 1 : 0,
    last: (page - 1) * result.pageSize + result.rows.length,
    previousHref: page > 1 ? dealsHref(values, { page: page - 1 }) : null,
    nextHref: page < lastPage || (result.totalIsAtLeast && result.rows.length === result.pageSize) ? dealsHref(values, { page: page + 1 }) : null,
    lastPage: result.totalIsAtLeast ? null : lastPage,
    csvHref: dealsHref(values, {}).replace("/admin/deals", "/admin/deals.csv"),
    rows: result.rows.map((row) => ({
      id: row.id,
      headline: row.headline,
      status: DEAL_STATUS_LABELS[row.status],
      type: TYPE_LABELS[row.dealType],
      location: row.location ?? "Everywhere",
      category: row.category,
      merchant: row.merchant,
      price: formatMoney(row.price, row.currency),
      sold: row.totalBought,
      closes: day(row.closingDate),
      changed: row.updatedAt.toISOString().replace("T", " ").slice(0, 16),
    })),
    locations: [...gb, ...ie].map((location) => ({ id: location.id, name: `${location.name} (${location.countryCode})` })),
    categories: tree.children(null).map((top) => ({ id: top.id, name: top.name, children: tree.children(top.id).map((sub) => ({ id: sub.id, name: sub.name })) })),
    sortLinks: Object.fromEntries(
      (["headline", "price", "sold", "closing", "updated"] as const).map((sort) => {
        const direction = values.sort === sort ? (values.direction === "asc" ? "desc" : "asc") : FIRST_DIRECTION[sort];
        return [sort, { href: dealsHref(values, { sort, direction, page: 1 }), direction }];
      }),
    ) as Record<AdminDealsSort, SortLink>,
  };
}

const INPUT = "rounded border border-gray-500 p-2";
const LINK = "font-bold text-brand-dark underline";

/** A column heading that sorts the table by it: says which way it is sorted now (aria-sort). */
function SortHeading({ sort, label, values, link, numeric = false }: { sort: AdminDealsSort; label: string; values: DealsFilterValues; link: SortLink; numeric?: boolean }) {
  const active = values.sort === sort;
  return (
    <th scope="col" aria-sort={active ? (values.direction === "asc" ? "ascending" : "descending") : "none"} className={`p-2 ${numeric ? "text-right" : "text-left"}`}>
      <a href={link.href} className="underline">
        {label}
        {active && <span aria-hidden="true">{values.direction === "asc" ? " ▲" : " ▼"}</span>}
        <span className="sr-only">, sort {link.direction === "asc" ? "ascending" : "descending"}</span>
      </a>
    </th>
  );
}

export default function AdminDeals({ loaderData }: Route.ComponentProps) {
  const { values, rows } = loaderData;
  const summary = useRef<HTMLParagraphElement>(null);
  const { key } = useLocation();
  // A new search, sort or page: focus goes to the count of what was found, read out at once.
  useEffect(() => {
    if (key !== "default") summary.current?.focus();
  }, [key]);
  const count = `${loaderData.total.toLocaleString("en-GB")}${loaderData.totalIsAtLeast ? "+" : ""}`;
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Deals</h1>
      {loaderData.canCreate && (
        <p className="mb-4">
          <a href="/admin/deals/new" className="inline-block rounded bg-brand px-4 py-2 font-bold text-white hover:bg-brand-dark">
            New deal
          </a>{" "}
          <a href="/admin/deals/import" className="ml-2 inline-block rounded border-2 border-brand-dark px-4 py-1.5 font-bold text-brand-dark">
            Import deals from CSV
          </a>
        </p>
      )}
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Find deals">
        <label className="flex flex-col">
          Deal id, headline or merchant
          <input type="search" name="q" defaultValue={values.q} className={INPUT} />
        </label>
        <FilterSelect label="State" name="status" defaultValue={values.status} options={Object.entries(DEAL_STATUS_LABELS).map(([value, label]) => ({ value, label }))} />
        <FilterSelect label="Type" name="type" defaultValue={values.type} options={Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }))} />
        <FilterSelect
          label="Location"
          name="location"
          defaultValue={values.location}
          options={loaderData.locations.map((location) => ({ value: location.id, label: location.name }))}
        />
        <label className="flex flex-col">
          Category
          <select name="category" defaultValue={values.category} className={INPUT}>
            <option value="">Any</option>
            {loaderData.categories.map((top) => (
              <optgroup key={top.id} label={top.name}>
                <option value={top.id}>All {top.name}</option>
                {top.children.map((sub) => (
                  <option key={sub.id} value={sub.id}>
                    {sub.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        <label className="flex flex-col">
          Closing from
          <input type="date" name="closingFrom" defaultValue={values.closingFrom} className={INPUT} />
        </label>
        <label className="flex flex-col">
          Closing by
          <input type="date" name="closingTo" defaultValue={values.closingTo} className={INPUT} />
        </label>
        <FilterSelect label="Rows a page" name="size" defaultValue={values.size} any={null} options={["25", "50", "100"].map((size) => ({ value: size, label: size }))} />
        <input type="hidden" name="sort" value={values.sort} />
        <input type="hidden" name="direction" value={values.direction} />
        <button type="submit" className="rounded bg-brand px-4 py-2 font-bold text-white hover:bg-brand-dark">
          Find deals
        </button>
        <a href={loaderData.csvHref} className={LINK} download>
          Export as CSV
        </a>
      </Form>
      <p ref={summary} tabIndex={-1} className="mb-2" data-testid="deals-summary">
        {rows.length === 0 ? "No deals match." : `Deals ${loaderData.first.toLocaleString("en-GB")}–${loaderData.last.toLocaleString("en-GB")} of ${count}`}
      </p>
      {rows.length > 0 && (
        <TableScroller label="Deals found">
          <table className="w-full border-collapse bg-white text-sm">
            <caption className="sr-only">
              Deals, sorted by {values.sort}, {values.direction === "asc" ? "ascending" : "descending"}
            </caption>
            <thead>
              <tr className="border-b-2 border-gray-400">
                <th scope="col" className="p-2 text-left">
                  Id
                </th>
                <SortHeading sort="headline" label="Headline" values={values} link={loaderData.sortLinks.headline} />
                <th scope="col" className="p-2 text-left">
                  State
                </th>
                <th scope="col" className="p-2 text-left">
                  Type
                </th>
                <th scope="col" className="p-2 text-left">
                  Location
                </th>
                <th scope="col" className="p-2 text-left">
                  Category
                </th>
                <th scope="col" className="p-2 text-left">
                  Merchant
                </th>
                <SortHeading sort="price" label="Price" values={values} link={loaderData.sortLinks.price} numeric />
                <SortHeading sort="sold" label="Sold" values={values} link={loaderData.sortLinks.sold} numeric />
                <SortHeading sort="closing" label="Closes" values={values} link={loaderData.sortLinks.closing} />
                <SortHeading sort="updated" label="Last changed (UTC)" values={values} link={loaderData.sortLinks.updated} />
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <RecordRow key={row.id} id={row.id} href={`/admin/deals/${row.id}`} name={row.headline} testId="deal-row">
                  <td className="p-2">{row.status}</td>
                  <td className="p-2">{row.type}</td>
                  <td className="p-2">{row.location}</td>
                  <td className="p-2">{row.category}</td>
                  <td className="p-2">{row.merchant}</td>
                  <td className="p-2 text-right">{row.price}</td>
                  <td className="p-2 text-right">{row.sold.toLocaleString("en-GB")}</td>
                  <td className="p-2">{row.closes}</td>
                  <td className="p-2">{row.changed}</td>
                </RecordRow>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
      <PageLinks previousHref={loaderData.previousHref} nextHref={loaderData.nextHref}>
        <span>
          Page {loaderData.page}
          {loaderData.lastPage ? ` of ${loaderData.lastPage.toLocaleString("en-GB")}` : ""}
        </span>
      </PageLinks>
    </section>
  );
}
