/**
 * The reports page as an analyst reads it: every report with a chart and its table,
 * a CSV per report with the same figures, and clear errors for a bad period or an unknown report.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCatalogBasics } from "../support/catalog-fixtures";
import { ManualClock } from "../support/manual-clock";
import { type PageApp, pageHtml, pageText, startPageApp } from "../support/page-app";
import { signedInStaff } from "../support/staff-fixtures";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { buyVouchers } from "../support/voucher-fixtures";

let database: TestDatabase;
let app: PageApp;
let close: () => Promise<void>;
const clock = new ManualClock("2026-11-20T10:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  const basics = await insertCatalogBasics(database.db);
  await buyVouchers(database.db, basics, clock, { quantity: 2 });
  ({ app, close } = await startPageApp(database, clock));
}, 120_000);
afterAll(async () => {
  await close?.();
  await database?.dispose();
});

describe("the reports page", () => {
  it("shows every report with its chart's place and a table of the same figures", async () => {
    const analyst = await signedInStaff(app, database.db, clock, { role: "analyst", name: "Ann Analyst", ip: "198.51.100.41" });
    const html = await pageHtml(await analyst.request("/admin/reports?from=2026-11-01&to=2026-11-30"));
    const text = pageText(html);
    for (const title of [
      "Sales by day",
      "Sales by brand",
      "Sales by category",
      "Sales by location",
      "Top 20 deals",
      "Redemption by category",
      "Refunds and their reasons",
      "VIP members, renewals and cancellations",
      "Liabilities",
    ])
      expect(text).toContain(title);
    expect(text).toContain("2026-11-20 GBP 1 £38.00");
    // Two vouchers sold, none redeemed yet: the rate to one decimal, no median.
    expect(text).toContain("Beauty 2 0 0.0 –");
    // Recharts draws in the browser (it measures); the page holds each chart's sized place, hidden from screen readers.
    expect(html).toMatch(/<figure aria-hidden="true"[^>]*data-testid="report-chart"><div width="640" height="260" class="recharts-wrapper"/);

    const csv = await analyst.request("/admin/reports.csv?report=sales-by-day&from=2026-11-01&to=2026-11-30");
    expect(csv.headers.get("content-disposition")).toContain("sales-by-day-2026-11-01-to-2026-11-30.csv");
    expect(await csv.text()).toBe("Sales by day,2026-11-01,2026-11-30\r\nDay,Currency,Orders,Sales\r\n2026-11-20,GBP,1,38.00\r\n");
  });

  it("answers a bad period and an unknown report with a clear error", async () => {
    const analyst = await signedInStaff(app, database.db, clock, { role: "analyst", name: "Al Analyst", ip: "198.51.100.42" });
    expect(pageText(await pageHtml(await analyst.request("/admin/reports?from=2026-11-30&to=2026-11-01")))).toContain("Please choose a valid period");
    const unknown = await analyst.request("/admin/reports.csv?report=secrets");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('There is no report "secrets"');
    expect((await analyst.request("/admin/reports.csv?report=refunds&from=2026-02-30&to=2026-03-01")).status).toBe(400);
    expect((await analyst.request("/admin/reports.csv?report=toString")).status).toBe(404);
  });
});
