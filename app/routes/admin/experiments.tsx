import { exposuresByVariant } from "../../../modules/experiments/exposure-figures";
import { reportPeriod } from "../../../modules/reports/report-period";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { requireAdminPage } from "../../admin/guard.server";
import { HeadingRow } from "../../components/HeadingRow";
import { PeriodForm } from "../../components/PeriodForm";
import { TableScroller } from "../../components/TableScroller";
import type { Route } from "./+types/experiments";

export const meta = accountMeta("Experiments");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const HEADINGS = ["Test", "Variant", "Status", "Visitors who entered", "Exposures so far"];
const number = (value: number) => value.toLocaleString("en-GB");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/experiments");
  const search = new URL(request.url).searchParams;
  const { period, error } = reportPeriod({ from: search.get("from"), to: search.get("to") }, context.clock.now());
  const rows = await exposuresByVariant(context.db, period);
  return {
    period: { from: period.from, to: period.to },
    periodError: error,
    rows: rows.map((row) => ({
      test: row.test,
      variant: row.variant,
      status: row.running ? "Running" : "No longer assigned",
      visitors: number(row.visitors),
      exposures: number(row.exposures),
    })),
  };
}

export default function AdminExperiments({ loaderData }: Route.ComponentProps) {
  const { period, periodError, rows } = loaderData;
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Experiments</h1>
      <p className="mb-4 max-w-3xl">
        The A/B tests' exposures per variant. A visitor (one browser, by its visitor cookie) enters a variant the first time a page shows it to them; the table counts the visitors
        who entered in the period and every time those visitors were shown the variant since, up to now. The exposure log keeps a running count per visitor, not one per day, so a
        visitor who entered before the period is not counted in it.
      </p>
      <PeriodForm period={period} error={periodError} submit="Show exposures" />
      <TableScroller label="Exposures per test and variant">
        <table className="w-full border-collapse bg-white text-sm" data-testid="experiments-table">
          <caption
            className="mb-2 text-left font-bold"
            data-testid="experiments-period"
          >{`Visitors who entered each variant from ${period.from} to ${period.to}, UK days`}</caption>
          <thead>
            <HeadingRow headings={HEADINGS} numeric={HEADINGS.slice(3)} />
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.test}-${row.variant}`} className="border-b border-gray-200" data-testid="experiment-row">
                <td className="p-2 font-mono">{row.test}</td>
                <td className="p-2 font-mono">{row.variant}</td>
                <td className="p-2">{row.status}</td>
                <td className="p-2 text-right tabular-nums">{row.visitors}</td>
                <td className="p-2 text-right tabular-nums">{row.exposures}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
    </section>
  );
}
