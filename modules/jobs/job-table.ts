import type { Job } from "./operator";

const COLUMNS = ["id", "name", "status", "attempts", "run at (UTC)", "finished (UTC)", "last error"] as const;
const ERROR_WIDTH = 60;

function time(at: Date | null): string {
  return at ? at.toISOString().slice(0, 19).replace("T", " ") : "-";
}

function oneLine(text: string | null): string {
  if (!text) return "-";
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > ERROR_WIDTH ? `${flat.slice(0, ERROR_WIDTH - 1)}…` : flat;
}

/** Jobs as an aligned plain-text table for a terminal. */
export function formatJobTable(rows: readonly Job[]): string {
  if (rows.length === 0) return "No jobs match.\n";
  const cells = rows.map((job) => [
    String(job.id),
    job.name,
    job.status,
    `${job.attempts}/${job.maxAttempts}`,
    time(job.runAt),
    time(job.finishedAt),
    oneLine(job.lastError),
  ]);
  const widths = COLUMNS.map((title, column) => Math.max(title.length, ...cells.map((row) => row[column].length)));
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column])))
      .join("  ")
      .trimEnd();
  return [line(COLUMNS), line(widths.map((width) => "-".repeat(width))), ...cells.map(line)].join("\n") + "\n";
}
