import type { Currency } from "../../lib/money";

/**
 * A report column: what it holds decides how the page and the CSV write it. "tenths" is a figure
 * with one decimal (a percentage, a number of days) held exactly as a whole number of tenths.
 */
export interface ReportColumn {
  key: string;
  label: string;
  kind: "text" | "count" | "money" | "tenths";
}

export type ReportRow = Record<string, string | number | null> & { currency?: Currency | null };

/** One report as a table: the page draws it (with a chart beside) and the CSV writes it as it is. */
export interface ReportTable {
  id: string;
  title: string;
  /** What the figures are and where they come from, shown under the title. */
  description: string;
  columns: ReportColumn[];
  rows: ReportRow[];
  /** The column a chart draws (a money or count column), and the label column it draws it by. */
  chart: { label: string; value: string } | null;
}
