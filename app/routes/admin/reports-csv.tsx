import { reportCsv } from "../../../modules/reports/report-csv";
import { reportPeriod } from "../../../modules/reports/report-period";
import { REPORTS } from "../../../modules/reports/reports";
import { requireAdminPage } from "../../admin/guard.server";
import type { Route } from "./+types/reports-csv";

const plain = (status: number, text: string) => new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });

/** One report as CSV (?report=<id>&from=&to=; sales by day when none is named), the same figures as the page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/reports.csv");
  const search = new URL(request.url).searchParams;
  const id = search.get("report") ?? "sales-by-day";
  const report = Object.hasOwn(REPORTS, id) ? REPORTS[id] : null;
  if (!report) return plain(404, `There is no report "${id.slice(0, 40)}": choose one of ${Object.keys(REPORTS).join(", ")}.`);
  const { period, error } = reportPeriod({ from: search.get("from"), to: search.get("to") }, context.clock.now());
  if (error) return plain(400, error);
  return new Response(reportCsv(await report(context.db, period), period), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${id}-${period.from}-to-${period.to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
