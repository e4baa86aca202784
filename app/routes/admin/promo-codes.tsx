import { Form } from "react-router";
import { BRAND_IDS, BRANDS, isBrandId } from "../../../lib/brand";
import { localDate, marketTimeZone } from "../../../lib/market-time";
import { listPromoCodesForStaff } from "../../../modules/promotions/manage-promo-codes";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { promoSummary } from "../../admin/promo-code.server";
import { requireAdminPage } from "../../admin/guard.server";
import { FilterSelect } from "../../components/admin/ListControls";
import { TableScroller } from "../../components/TableScroller";
import { HeadingRow } from "../../components/HeadingRow";
import type { Route } from "./+types/promo-codes";

export const meta = accountMeta("Promo codes");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/promo-codes");
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 30);
  const brand = params.get("brand");
  const rows = await listPromoCodesForStaff(context.db, { q, brand: isBrandId(brand) ? brand : undefined });
  const now = context.clock.now();
  return {
    q,
    brand: isBrandId(brand) ? brand : "",
    rows: rows.map((row) => {
      const zone = marketTimeZone(BRANDS[row.brand].countryCode);
      return {
        id: row.id,
        code: row.code,
        site: BRANDS[row.brand].displayName,
        terms: promoSummary(row, null),
        dates: `${localDate(row.startsAt, zone)} to ${localDate(row.endsAt, zone)}`,
        state: now < row.startsAt ? "Not started" : now >= row.endsAt ? "Ended" : "Running",
        uses: row.uses,
      };
    }),
  };
}

export default function AdminPromoCodes({ loaderData }: Route.ComponentProps) {
  const { rows } = loaderData;
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Promo codes</h1>
      <p className="mb-4">
        <a href="/admin/promo-codes/new" className="font-bold text-brand-dark underline">
          New promo code
        </a>
      </p>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Find promo codes">
        <label className="flex flex-col">
          Letters of the code
          <input type="search" name="q" defaultValue={loaderData.q} className="rounded border border-gray-500 p-2" />
        </label>
        <FilterSelect label="Site" name="brand" defaultValue={loaderData.brand} options={BRAND_IDS.map((id) => ({ value: id, label: BRANDS[id].displayName }))} any="Every site" />
        <button type="submit" className="rounded bg-brand px-4 py-2 font-bold text-white hover:bg-brand-dark">
          Find codes
        </button>
      </Form>
      <p className="mb-2" data-testid="promo-summary">
        {rows.length === 0 ? "No promo codes match." : `${rows.length.toLocaleString("en-GB")} codes, newest first`}
      </p>
      {rows.length > 0 && (
        <TableScroller label="Promo codes found">
          <table className="w-full border-collapse bg-white text-sm">
            <caption className="sr-only">Promo codes, newest first</caption>
            <thead>
              <HeadingRow headings={["Code", "Site", "Terms", "Dates", "State", "Uses"]} numeric={["Uses"]} />
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-b border-gray-200" data-testid="promo-row">
                  <td className="p-2 font-mono">
                    <a href={`/admin/promo-codes/${row.id}`} className="text-brand-dark underline">
                      {row.code}
                    </a>
                  </td>
                  <td className="p-2">{row.site}</td>
                  <td className="p-2">{row.terms}</td>
                  <td className="p-2">{row.dates}</td>
                  <td className="p-2">{row.state}</td>
                  <td className="p-2 text-right">{row.uses}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
    </section>
  );
}
