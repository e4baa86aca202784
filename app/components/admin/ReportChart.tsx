import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from "recharts";
import type { ReportTable } from "../../../modules/reports/report-table";

const WIDTH = 640;
const HEIGHT = 260;

/**
 * A report's bar chart: Recharts draws its SVG in the browser (it measures text, so the server sends
 * only its sized place; the table beside it, server-rendered, is what works without JavaScript).
 * Fixed size, scaled down with the page. Hidden from screen readers: the table holds the same
 * figures, so the chart takes no keyboard focus either (no accessibility layer). Money is in major units, tenths (a rate, days) as
 * the figure they stand for; a report in two currencies is charted in the first one's.
 */
export function ReportChart({ report }: { report: Pick<ReportTable, "chart" | "columns" | "rows" | "title"> }) {
  const chart = report.chart;
  if (!chart || report.rows.length === 0) return null;
  const kind = report.columns.find((column) => column.key === chart.value)?.kind;
  const scale = kind === "money" ? 100 : kind === "tenths" ? 10 : 1;
  const currency = report.rows[0].currency ?? null;
  const data = report.rows
    .filter((row) => (row.currency ?? null) === currency)
    .map((row) => ({ label: String(row[chart.label] ?? ""), value: Number(row[chart.value] ?? 0) / scale }));
  return (
    <figure aria-hidden="true" className="mb-3 max-w-full overflow-hidden [&_svg]:h-auto [&_svg]:max-w-full" data-testid="report-chart">
      <BarChart width={WIDTH} height={HEIGHT} data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
        <YAxis tick={{ fontSize: 12 }} width={64} />
        <Bar dataKey="value" fill="#a3003a" isAnimationActive={false} />
      </BarChart>
      {currency && <figcaption className="text-sm text-gray-700">{`In ${currency}`}</figcaption>}
    </figure>
  );
}
