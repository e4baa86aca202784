import { csvAmount, csvRow, csvText } from "../../lib/csv";
import type { StatementPeriod } from "../merchants/statement-period";
import type { ReportTable } from "./report-table";
import { tenthsText } from "./report-tenths";

/** A report as CSV: its title and period, then its table (money in major units with two decimals, tenths with one). */
export function reportCsv(report: ReportTable, period: StatementPeriod): string {
  let csv = csvRow([csvText(report.title), period.from, period.to]);
  csv += csvRow(report.columns.map((column) => csvText(column.label)));
  for (const row of report.rows) {
    csv += csvRow(
      report.columns.map((column) => {
        const value = row[column.key];
        if (value === null || value === undefined) return "";
        if (column.kind === "money") return csvAmount(Number(value));
        if (column.kind === "tenths") return tenthsText(Number(value));
        return column.kind === "count" ? String(value) : csvText(String(value));
      }),
    );
  }
  return csv;
}
