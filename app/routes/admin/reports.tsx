import { formatBalance } from "../../../lib/money";
import type { ReportTable } from "../../../modules/reports/report-table";
import { reportPeriod } from "../../../modules/reports/report-period";
import { tenthsText } from "../../../modules/reports/report-tenths";
import { allReports } from "../../../modules/reports/reports";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { requireAdminPage } from "../../admin/guard.server";
import { HeadingRow } from "../../components/HeadingRow";
import { PeriodForm } from "../../components/PeriodForm";
import { TableScroller } from "../../components/TableScroller";
import { ReportChart } from "../../components/admin/ReportChart";
import type { Route } from "./+types/reports";

export const meta = accountMeta("Reports");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/reports");
  const search = new URL(request.url).searchParams;
  const { period, error } = reportPeriod({ from: search.get("from"), to: search.get("to") }, context.clock.now());
  return { period: { from: period.from, to: period.to }, periodError: error, reports: await allReports(context.db, period) };
}

/** A cell as the table shows it: money in its currency, counts as numbers, tenths with their one decimal, a dash for nothing. */
function cell(report: ReportTable, row: ReportTable["rows"][number], key: string): string {
  const value = row[key];
  if (value === null || value === undefined) return "–";
  const kind = report.columns.find((column) => column.key === key)?.kind;
  if (kind === "money") return row.currency ? formatBalance(Number(value), row.currency) : String(value);
  if (kind === "tenths") return tenthsText(Number(value));
  return kind === "count" ? Number(value).toLocaleString("en-GB") : String(value);
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { period, periodError, reports } = loaderData;
  const query = new URLSearchParams(period).toString();
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Reports</h1>
      <PeriodForm period={period} error={periodError} submit="Show reports" />
      <p className="mb-6" data-testid="report-period">{`${period.from} to ${period.to}, UK days. Liabilities are as they stood at the end of ${period.to}.`}</p>
      {reports.map((report) => (
        <section key={report.id} aria-labelledby={`${report.id}-heading`} className="mb-8 rounded-lg bg-white p-4 ring-1 ring-gray-200" data-testid={`report-${report.id}`}>
          <h2 id={`${report.id}-heading`} className="mb-1 text-xl font-bold">
            {report.title}
          </h2>
          <p className="mb-3 max-w-3xl text-gray-700">{report.description}</p>
          <p className="mb-3">
            <a href={`/admin/reports.csv?report=${report.id}&${query}`} download className="font-bold text-brand-dark underline">
              {`Download ${report.title.toLowerCase()} (CSV)`}
            </a>
          </p>
          {report.rows.length === 0 ? (
            <p>Nothing in this period.</p>
          ) : (
            <>
              <ReportChart report={report} />
              <TableScroller label={report.title}>
                <table className="w-full border-collapse text-sm">
                  <thead>
                    <HeadingRow
                      headings={report.columns.map((column) => column.label)}
                      numeric={report.columns.filter((column) => column.kind !== "text").map((column) => column.label)}
                    />
                  </thead>
                  <tbody>
                    {report.rows.map((row, index) => (
                      <tr key={index} className="border-b border-gray-200">
                        {report.columns.map((column) => (
                          <td key={column.key} className={column.kind === "text" ? "p-2" : "p-2 text-right tabular-nums"}>
                            {cell(report, row, column.key)}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroller>
            </>
          )}
        </section>
      ))}
    </section>
  );
}
