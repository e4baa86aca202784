import { and, count, desc, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type TelemetryKind, telemetryEvents } from "./schema";

export interface TelemetryReport {
  since: Date;
  /** The end of the period (exclusive), or null for "until now" (the CLI's). */
  until: Date | null;
  byKind: { kind: TelemetryKind; brand: string; count: number }[];
  topNotFound: { path: string; count: number }[];
  topErrors: { message: string; count: number }[];
}

/**
 * What an operator reads: counts by kind and brand, the most-hit missing pages and the commonest
 * client errors from `since` (until `until`, exclusive, when given: the back office's period).
 */
export async function telemetryReport(db: Db, since: Date, top = 10, until: Date | null = null): Promise<TelemetryReport> {
  const recent = until ? and(gte(telemetryEvents.createdAt, since), lt(telemetryEvents.createdAt, until))! : gte(telemetryEvents.createdAt, since);
  const byKind = await db
    .select({ kind: telemetryEvents.kind, brand: telemetryEvents.brand, count: count() })
    .from(telemetryEvents)
    .where(recent)
    .groupBy(telemetryEvents.kind, telemetryEvents.brand)
    .orderBy(telemetryEvents.kind, telemetryEvents.brand);
  const topNotFound = await db
    .select({ path: sql<string>`${telemetryEvents.path}`, count: count() })
    .from(telemetryEvents)
    .where(and(recent, inArray(telemetryEvents.kind, ["not_found", "bot"]), isNotNull(telemetryEvents.path)))
    .groupBy(telemetryEvents.path)
    .orderBy(desc(count()), telemetryEvents.path)
    .limit(top);
  const message = sql<string>`coalesce(${telemetryEvents.detail}->>'message', ${telemetryEvents.detail}->>'error', '(no message)')`;
  const topErrors = await db
    .select({ message, count: count() })
    .from(telemetryEvents)
    .where(and(recent, eq(telemetryEvents.kind, "client_error")))
    .groupBy(message)
    .orderBy(desc(count()), message)
    .limit(top);
  return { since, until, byKind, topNotFound, topErrors };
}

function table(title: string, header: [string, string, string?], rows: string[][]): string {
  if (rows.length === 0) return `${title}\n  (none)\n`;
  const widths = header.map((cell, i) => Math.max((cell ?? "").length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: (string | undefined)[]) => `  ${cells.map((cell, i) => (i === cells.length - 1 ? (cell ?? "") : (cell ?? "").padEnd(widths[i]))).join("  ")}`.trimEnd();
  return `${title}\n${line(header.filter((cell) => cell !== undefined))}\n${rows.map(line).join("\n")}\n`;
}

/** The report as plain text for a terminal. */
export function formatTelemetryReport(report: TelemetryReport): string {
  const total = report.byKind.reduce((sum, row) => sum + row.count, 0);
  return [
    `Telemetry since ${report.since.toISOString()}: ${total} event${total === 1 ? "" : "s"}\n`,
    table("Events by kind and brand", ["count", "kind", "brand"], report.byKind.map((row) => [String(row.count), row.kind, row.brand])),
    table("Top not-found paths", ["count", "path"], report.topNotFound.map((row) => [String(row.count), row.path])),
    table("Top client error messages", ["count", "message"], report.topErrors.map((row) => [String(row.count), row.message.replace(/\s+/g, " ").slice(0, 120)])),
  ].join("\n");
}
