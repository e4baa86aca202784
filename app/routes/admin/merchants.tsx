import { Form } from "react-router";
import { listMerchantRecords } from "../../../modules/catalog/merchant-records";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { requireAdminPage } from "../../admin/guard.server";
import { PageLinks } from "../../components/admin/ListControls";
import { TableScroller } from "../../components/TableScroller";
import { HeadingRow } from "../../components/HeadingRow";
import { RecordRow } from "../../components/admin/RecordRow";
import type { Route } from "./+types/merchants";

export const meta = accountMeta("Merchants");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const PAGE_SIZE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/merchants");
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const page = Math.min(10_000, Math.max(1, Number(/^\d{1,5}$/.test(params.get("page") ?? "") ? params.get("page") : 1)));
  const { rows, total } = await listMerchantRecords(context.db, { q, page, pageSize: PAGE_SIZE });
  const href = (to: number) => `/admin/merchants?${new URLSearchParams([...(q ? [["q", q]] : []), ["page", String(to)]])}`;
  return {
    q,
    page,
    total,
    rows: rows.map((row) => ({ ...row, commission: `${(row.commissionBps / 100).toFixed(2)}%` })),
    previousHref: page > 1 ? href(page - 1) : null,
    nextHref: page * PAGE_SIZE < total ? href(page + 1) : null,
  };
}

export default function AdminMerchants({ loaderData }: Route.ComponentProps) {
  const { rows } = loaderData;
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Merchants</h1>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Find merchants">
        <label className="flex flex-col">
          Merchant id or name
          <input type="search" name="q" defaultValue={loaderData.q} className="rounded border border-gray-500 p-2" />
        </label>
        <button type="submit" className="rounded bg-brand px-4 py-2 font-bold text-white hover:bg-brand-dark">
          Find merchants
        </button>
      </Form>
      <p className="mb-2" data-testid="merchants-summary">
        {rows.length === 0 ? "No merchants match." : `${loaderData.total.toLocaleString("en-GB")} merchants, page ${loaderData.page}`}
      </p>
      {rows.length > 0 && (
        <TableScroller label="Merchants found">
          <table className="w-full border-collapse bg-white text-sm">
            <caption className="sr-only">Merchants by name</caption>
            <thead>
              <HeadingRow headings={["Id", "Display name", "Business name", "Contact email", "Commission", "Deals"]} numeric={["Commission", "Deals"]} />
            </thead>
            <tbody>
              {rows.map((row) => (
                <RecordRow key={row.id} id={row.id} href={`/admin/merchants/${row.id}`} name={row.displayName} testId="merchant-row">
                  <td className="p-2">{row.businessName}</td>
                  <td className="p-2">{row.contactEmail ?? "–"}</td>
                  <td className="p-2 text-right">{row.commission}</td>
                  <td className="p-2 text-right">{row.deals}</td>
                </RecordRow>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
      <PageLinks previousHref={loaderData.previousHref} nextHref={loaderData.nextHref} />
    </section>
  );
}
