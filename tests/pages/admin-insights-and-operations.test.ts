/**
 * The back office's live insights, telemetry and experiment pages as staff read them: today's
 * figures per site with the time they were read and a refresh button, the browsers' reports over a
 * period, and each A/B test's variants with the visitors who entered them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock";
import { recordExposures } from "../../modules/experiments/record-exposure";
import { recordTelemetryEvent } from "../../modules/telemetry/record-event";
import { insertCatalogBasics } from "../support/catalog-fixtures";
import { ManualClock } from "../support/manual-clock";
import { type PageApp, pageHtml, pageText, startPageApp } from "../support/page-app";
import { signedInStaff } from "../support/staff-fixtures";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { buyVouchers } from "../support/voucher-fixtures";

let database: TestDatabase;
let app: PageApp;
let close: () => Promise<void>;
const clock = new ManualClock("2026-11-29T10:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  const basics = await insertCatalogBasics(database.db);
  // Today: one Wowcher order of two £19.00 vouchers; two browsers on Wowcher, one on LivingSocial Ireland.
  await buyVouchers(database.db, basics, new ManualClock("2026-11-29T08:15:00Z"), { quantity: 2 });
  const seen = (at: string, visitorId: string, brand: "wowcher" | "livingsocialie", variant: string) =>
    recordExposures(database.db, fixedClock(at), { visitorId, brand, assignments: [{ test: "autocomplete", variant }] });
  await seen("2026-11-29T08:00:00Z", "browser-1", "wowcher", "b");
  await seen("2026-11-29T08:10:00Z", "browser-1", "wowcher", "b");
  await seen("2026-11-29T09:00:00Z", "browser-2", "wowcher", "c");
  await seen("2026-11-29T09:30:00Z", "browser-3", "livingsocialie", "b");
  // Browsers' reports: two hits on a missing page, one client error.
  const report = (kind: "not_found" | "client_error", path: string, detail: Record<string, string>) =>
    recordTelemetryEvent(database.db, fixedClock("2026-11-29T07:00:00Z"), { kind, brand: "wowcher", userAgent: "Mozilla/5.0", path, detail });
  await report("not_found", "/deals/old-spa", {});
  await report("not_found", "/deals/old-spa", {});
  await report("client_error", "/", { message: "<b>x</b> is undefined" });
  ({ app, close } = await startPageApp(database, clock));
}, 120_000);
afterAll(async () => {
  await close?.();
  await database?.dispose();
});

describe("the insights page", () => {
  it("shows today's orders, units, sales and visitors per site, when they were read, and a refresh button", async () => {
    const analyst = await signedInStaff(app, database.db, clock, { role: "analyst", name: "Ina Insight", ip: "198.51.100.61" });
    const html = await pageHtml(await analyst.request("/admin/insights"));
    const text = pageText(html);
    expect(text).toContain("Today, 2026-11-29, per site");
    expect(text).toContain("Site Orders Units sold Sales Visitors");
    expect(text).toContain("Wowcher (wowcher.co.uk) 1 2 £38.00 2");
    expect(text).toContain("LivingSocial (livingsocial.ie) 0 0 €0.00 1");
    expect(text).toContain("Wowcher (wowcher.ie) 0 0 €0.00 0");
    expect(text).toContain("Updated 10:00:00 (UK time)");
    expect(html).toMatch(/<button type="button"[^>]*>Refresh now<\/button>/);
    // Nothing is live-announced on its own: only the status that confirms a refresh asked for, empty until then.
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(main).toContain("Refresh now");
    expect(main).not.toContain("aria-live");
    expect(html).toMatch(/<p role="status" class="sr-only"><\/p>/);

    const dashboard = pageText(await pageHtml(await analyst.request("/admin")));
    for (const label of ["Insights", "Telemetry", "Experiments"]) expect(dashboard).toContain(label);
  });
});

describe("the telemetry page", () => {
  it("shows the period's reports by kind and site, the missing pages and the error messages", async () => {
    const analyst = await signedInStaff(app, database.db, clock, { role: "analyst", name: "Tom Telemetry", ip: "198.51.100.62" });
    const html = await pageHtml(await analyst.request("/admin/telemetry?from=2026-11-29&to=2026-11-29"));
    const text = pageText(html);
    expect(text).toContain("2026-11-29 to 2026-11-29, UK days: 3 reports.");
    expect(text).toContain("Kind Site Reports Client errors Wowcher (wowcher.co.uk) 1 Pages not found Wowcher (wowcher.co.uk) 2");
    expect(text).toContain("Path Reports /deals/old-spa 2");
    // A browser's message is text, never markup.
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt; is undefined");
    expect(text).not.toContain("Nothing in this period");

    const before = pageText(await pageHtml(await analyst.request("/admin/telemetry?from=2026-11-01&to=2026-11-28")));
    expect(before).toContain("UK days: 0 reports.");
    expect(before).toContain("Nothing in this period.");
    expect(pageText(await pageHtml(await analyst.request("/admin/telemetry?from=2026-11-30&to=2026-11-01")))).toContain("Please choose a valid period");
  });
});

describe("the experiments page", () => {
  it("lists every variant of each running test with the visitors who entered it in the period and their exposures", async () => {
    const analyst = await signedInStaff(app, database.db, clock, { role: "analyst", name: "Eve Experiment", ip: "198.51.100.63" });
    const text = pageText(await pageHtml(await analyst.request("/admin/experiments?from=2026-11-01&to=2026-11-30")));
    expect(text).toContain("Visitors who entered each variant from 2026-11-01 to 2026-11-30, UK days");
    expect(text).toContain("Test Variant Status Visitors who entered Exposures so far");
    expect(text).toContain("autocomplete a Running 0 0 autocomplete b Running 2 3 autocomplete c Running 1 1");

    const december = pageText(await pageHtml(await analyst.request("/admin/experiments?from=2026-12-01&to=2026-12-31")));
    expect(december).toContain("autocomplete b Running 0 0");
  });
});
