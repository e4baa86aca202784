/** Prints rows as an aligned plain-text table (also valid Markdown). */
export function formatTable(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => row[column].length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
  return [line(headers), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...cells.slice(1).map(line)].join("\n");
}
