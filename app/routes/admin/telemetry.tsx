import { BRANDS, isBrandId } from "../../../lib/brand";
import { reportPeriod } from "../../../modules/reports/report-period";
import { TELEMETRY_RETENTION_DAYS } from "../../../modules/telemetry/prune-events";
import { telemetryReport } from "../../../modules/telemetry/report";
import type { TelemetryKind } from "../../../modules/telemetry/schema";
import { accountMeta } from "../../accounts/meta";
import { PRIVATE_PAGE_HEADERS } from "../../accounts/page.server";
import { requireAdminPage } from "../../admin/guard.server";
import { HeadingRow } from "../../components/HeadingRow";
import { PeriodForm } from "../../components/PeriodForm";
import { TableScroller } from "../../components/TableScroller";
import type { Route } from "./+types/telemetry";

export const meta = accountMeta("Telemetry");

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

const KIND_LABELS: Record<TelemetryKind, string> = {
  log: "Client log records",
  not_found: "Pages not found",
  bot: "Bot reports",
  client_error: "Client errors",
};
/** How many missing pages and error messages each list shows (the CLI's default). */
const TOP = 10;
const number = (value: number) => value.toLocaleString("en-GB");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request, "admin/telemetry");
  const search = new URL(request.url).searchParams;
  const { period, error } = reportPeriod({ from: search.get("from"), to: search.get("to") }, context.clock.now());
  const report = await telemetryReport(context.db, period.start, TOP, period.end);
  return {
    period: { from: period.from, to: period.to },
    periodError: error,
    total: number(report.byKind.reduce((sum, row) => sum + row.count, 0)),
    byKind: report.byKind.map((row) => ({
      kind: KIND_LABELS[row.kind] ?? row.kind,
      site: isBrandId(row.brand) ? `${BRANDS[row.brand].displayName} (${BRANDS[row.brand].hosts[0]})` : row.brand,
      count: number(row.count),
    })),
    topNotFound: report.topNotFound.map((row) => ({ label: row.path, count: number(row.count) })),
    // Messages come from browsers: cut to one line of reasonable length (React escapes them).
    topErrors: report.topErrors.map((row) => ({ label: row.message.replace(/\s+/g, " ").slice(0, 300), count: number(row.count) })),
  };
}

/** A list of things and how often each was reported. */
function CountTable({ id, title, what, rows }: { id: string; title: string; what: string; rows: { label: string; count: string }[] }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mb-8 rounded-lg bg-white p-4 ring-1 ring-gray-200" data-testid={`telemetry-${id}`}>
      <h2 id={`${id}-heading`} className="mb-3 text-xl font-bold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p>Nothing in this period.</p>
      ) : (
        <TableScroller label={title}>
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <HeadingRow headings={[what, "Reports"]} numeric={["Reports"]} />
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label} className="border-b border-gray-200">
                  <td className="max-w-xl break-words p-2 font-mono">{row.label}</td>
                  <td className="p-2 text-right tabular-nums">{row.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
    </section>
  );
}

export default function AdminTelemetry({ loaderData }: Route.ComponentProps) {
  const { period, periodError, total, byKind, topNotFound, topErrors } = loaderData;
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Telemetry</h1>
      <p className="mb-4 max-w-3xl">
        What browsers reported about the shop: client log records, pages not found, bot reports and client errors. Reports are kept for {TELEMETRY_RETENTION_DAYS} days, so older
        days show nothing. The same report in a terminal: <code>npm run telemetry:report</code>.
      </p>
      <PeriodForm period={period} error={periodError} submit="Show telemetry" />
      <p className="mb-6" data-testid="telemetry-period">{`${period.from} to ${period.to}, UK days: ${total} ${total === "1" ? "report" : "reports"}.`}</p>
      <section aria-labelledby="by-kind-heading" className="mb-8 rounded-lg bg-white p-4 ring-1 ring-gray-200" data-testid="telemetry-by-kind">
        <h2 id="by-kind-heading" className="mb-3 text-xl font-bold">
          Reports by kind and site
        </h2>
        {byKind.length === 0 ? (
          <p>Nothing in this period.</p>
        ) : (
          <TableScroller label="Reports by kind and site">
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">Reports by kind and site</caption>
              <thead>
                <HeadingRow headings={["Kind", "Site", "Reports"]} numeric={["Reports"]} />
              </thead>
              <tbody>
                {byKind.map((row) => (
                  <tr key={`${row.kind}-${row.site}`} className="border-b border-gray-200">
                    <td className="p-2">{row.kind}</td>
                    <td className="p-2">{row.site}</td>
                    <td className="p-2 text-right tabular-nums">{row.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        )}
      </section>
      <CountTable id="not-found" title={`Top ${TOP} missing pages (not-found hits and bot reports)`} what="Path" rows={topNotFound} />
      <CountTable id="errors" title={`Top ${TOP} client error messages`} what="Message" rows={topErrors} />
    </section>
  );
}
