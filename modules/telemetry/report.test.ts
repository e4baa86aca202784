import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock";
import { UsageError } from "../../lib/run-cli";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { pruneTelemetryEvents } from "./prune-events";
import { recordTelemetryEvent } from "./record-event";
import { parseReportArgs } from "./report-cli";
import { formatTelemetryReport, telemetryReport } from "./report";
import { telemetryEvents } from "./schema";

let database: TestDatabase;
const now = new Date("2026-11-24T12:00:00Z");
const hoursAgo = (hours: number) => fixedClock(new Date(now.getTime() - hours * 3_600_000));

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const ua = "Mozilla/5.0";
  for (let i = 0; i < 3; i++) await recordTelemetryEvent(db, hoursAgo(1), { kind: "not_found", brand: "wowcher", userAgent: ua, path: "/deals/atlantis?x=1", detail: {} });
  await recordTelemetryEvent(db, hoursAgo(2), { kind: "not_found", brand: "wowcherie", userAgent: ua, path: "/old", detail: {} });
  await recordTelemetryEvent(db, hoursAgo(2), { kind: "bot", brand: "wowcher", userAgent: "Googlebot/2.1", path: "/old", detail: { reason: "This is a bot" } });
  for (let i = 0; i < 2; i++) await recordTelemetryEvent(db, hoursAgo(3), { kind: "client_error", brand: "wowcher", userAgent: ua, path: "/", detail: { message: "x is undefined" } });
  await recordTelemetryEvent(db, hoursAgo(3), { kind: "client_error", brand: "livingsocial", userAgent: ua, path: "/", detail: { message: "Failed to fetch" } });
  // Two days ago: outside the default 24 hours; 40 days ago: past the retention.
  await recordTelemetryEvent(db, hoursAgo(48), { kind: "client_error", brand: "wowcher", userAgent: ua, path: "/", detail: { message: "an old error" } });
  await recordTelemetryEvent(db, hoursAgo(40 * 24), { kind: "log", brand: "wowcher", userAgent: ua, path: null, detail: { description: "ancient" } });
});

afterAll(() => database.dispose());

describe("telemetry report", () => {
  it("counts by kind and brand, lists top not-found paths and error messages over the last 24 hours", async () => {
    const report = await telemetryReport(database.db, (parseReportArgs([], now) as { since: Date }).since);
    expect(report.byKind).toEqual([
      { kind: "bot", brand: "wowcher", count: 1 },
      { kind: "client_error", brand: "livingsocial", count: 1 },
      { kind: "client_error", brand: "wowcher", count: 2 },
      { kind: "not_found", brand: "wowcher", count: 3 },
      { kind: "not_found", brand: "wowcherie", count: 1 },
    ]);
    expect(report.topNotFound).toEqual([
      { path: "/deals/atlantis", count: 3 },
      { path: "/old", count: 2 },
    ]);
    expect(report.topErrors).toEqual([
      { message: "x is undefined", count: 2 },
      { message: "Failed to fetch", count: 1 },
    ]);
    const text = formatTelemetryReport(report);
    expect(text).toContain("Telemetry since 2026-11-23T12:00:00.000Z: 8 events");
    expect(text).toMatch(/^ {2}3 {6}not_found {5}wowcher$/m);
    expect(text).toMatch(/^ {2}3 {6}\/deals\/atlantis$/m);
    expect(text).toMatch(/^ {2}2 {6}x is undefined$/m);
    expect(text).not.toContain("an old error");
  });

  it("takes --since as a duration or a date, and refuses anything else", async () => {
    const week = parseReportArgs(["--since", "7d"], now);
    expect(week).toMatchObject({ command: "report", since: new Date("2026-11-17T12:00:00Z") });
    const report = await telemetryReport(database.db, (week as { since: Date }).since);
    expect(report.topErrors.map((row) => row.message)).toContain("an old error");
    expect(parseReportArgs(["--since=2026-11-20T00:00:00Z"], now)).toMatchObject({ since: new Date("2026-11-20T00:00:00Z") });
    expect(() => parseReportArgs(["--since", "yesterday"], now)).toThrow(UsageError);
    expect(() => parseReportArgs(["--bogus"], now)).toThrow(UsageError);
  });

  it("reads a closed period when given its end (the back office's page)", async () => {
    const report = await telemetryReport(database.db, new Date("2026-11-22T00:00:00Z"), 10, new Date("2026-11-24T09:30:00Z"));
    expect(report.until).toEqual(new Date("2026-11-24T09:30:00Z"));
    expect(report.byKind).toEqual([
      { kind: "client_error", brand: "livingsocial", count: 1 },
      { kind: "client_error", brand: "wowcher", count: 3 },
    ]);
    expect(report.topNotFound).toEqual([]);
    expect(report.topErrors).toEqual([
      { message: "x is undefined", count: 2 },
      { message: "Failed to fetch", count: 1 },
      { message: "an old error", count: 1 },
    ]);
  });

  it("says so when there is nothing", async () => {
    const text = formatTelemetryReport(await telemetryReport(database.db, new Date("2027-01-01T00:00:00Z")));
    expect(text).toContain(": 0 events");
    expect(text).toContain("Top not-found paths\n  (none)");
  });
});

describe("pruneTelemetryEvents", () => {
  it("deletes reports older than 30 days and keeps the rest", async () => {
    const before = (await database.db.select().from(telemetryEvents)).length;
    expect(await pruneTelemetryEvents(database.db, fixedClock(now))).toBe(1);
    const left = await database.db.select().from(telemetryEvents);
    expect(left).toHaveLength(before - 1);
    expect(left.some((row) => row.detail.description === "ancient")).toBe(false);
  });
});
