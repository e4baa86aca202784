/** The deal import page: a deal manager downloads the template, checks a file with a bad row (listed by row and column, nothing written), then imports the corrected file as drafts. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { deals } from "../../modules/catalog/schema";
import { passSecondFactor, startStaffSession } from "../../modules/staff/staff-sessions";
import type { StaffRole } from "../../modules/staff/roles";
import { insertCatalogBasics } from "../support/catalog-fixtures";
import { ManualClock } from "../support/manual-clock";
import { type PageApp, pageHtml, pageText, startPageApp } from "../support/page-app";
import { insertStaffMember } from "../support/staff-fixtures";
import { TestBrowser } from "../support/test-browser";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let database: TestDatabase;
let app: PageApp;
let close: () => Promise<void>;
let merchantId = 0;
const clock = new ManualClock("2026-11-28T09:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  merchantId = (await insertCatalogBasics(database.db)).merchant.id;
  ({ app, close } = await startPageApp(database, clock));
}, 120_000);
afterAll(async () => {
  await close?.();
  await database?.dispose();
});

async function signedInAs(role: StaffRole): Promise<TestBrowser> {
  const id = await insertStaffMember(database.db, clock, { email: `${role}@example.com`, role, name: "Dee" });
  const session = await startStaffSession(database.db, clock, id, null);
  await passSecondFactor(database.db, clock, session.id);
  const member = new TestBrowser(app, { ip: "198.51.100.71" });
  member.cookies.set("staffSession", session.token);
  return member;
}

async function send(member: TestBrowser, intent: string, text: string, csrf = true) {
  const form = new FormData();
  if (csrf) form.set("_csrf", await member.csrfToken());
  form.set("intent", intent);
  form.set("file", new File([text], "autumn.csv", { type: "text/csv" }));
  const cookie = [...member.cookies].map(([key, value]) => `${key}=${value}`).join("; ");
  return app.request("/admin/deals/import", { method: "POST", body: form, headers: { host: "wowcher.co.uk", "x-forwarded-for": "198.51.100.71", cookie } });
}

it("lists a bad row's error and writes nothing, then imports the corrected file as drafts", async () => {
  const manager = await signedInAs("deal_manager");
  const deals_ = await pageHtml(await manager.request("/admin/deals"));
  expect(deals_).toContain('href="/admin/deals/import"');
  const template = await manager.request("/admin/deals/import-template.csv");
  expect(template.headers.get("content-disposition")).toContain("deal-import-template.csv");
  const good = (await template.text()).replace(",1,standard", `,${merchantId},standard`);
  const bad = good.replace("59.00", "fifty-nine");

  const checked = await send(manager, "check", bad);
  expect(checked.status).toBe(422);
  const shown = pageText(await pageHtml(checked));
  expect(shown).toContain("1 problems in autumn.csv: nothing was imported.");
  expect(shown).toContain("2 price Enter an amount in pounds and pence, such as 12.50.");
  expect(shown).not.toContain("Import 1 deals");
  expect(await database.db.select().from(deals)).toHaveLength(0);

  const ready = pageText(await pageHtml(await send(manager, "check", good)));
  expect(ready).toContain("autumn.csv is ready: 1 deals from 2 rows. Nothing was written yet.");
  expect(ready).toContain("Import 1 deals");

  const imported = pageText(await pageHtml(await send(manager, "import", good)));
  expect(imported).toContain("Imported 1 deals (2 rows) from autumn.csv as drafts.");
  const [deal] = await database.db.select().from(deals).where(eq(deals.headline, "Spa day for two with lunch"));
  expect(deal.status).toBe("draft");
  expect(pageText(await pageHtml(await manager.request("/admin/deals/import")))).toContain("autumn.csv Imported 2 of 2");
  const again = await send(manager, "import", good);
  expect(again.status).toBe(409);
  expect(pageText(await pageHtml(again))).toContain("This file was already imported in full");
});

it("refuses a post without the CSRF token and a role that cannot create deals", async () => {
  const manager = await signedInAs("owner");
  expect((await send(manager, "check", "deal\n", false)).status).toBe(403);
  const editor = await signedInAs("editor");
  expect((await editor.request("/admin/deals/import")).status).toBe(403);
  expect((await send(editor, "check", "deal\n")).status).toBe(403);
});
