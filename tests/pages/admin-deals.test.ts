/**
 * The back office's deals table as staff use it: search, filter, sort, page and export, from the
 * address alone (the form is a GET), and a malformed address answered, never refused with a 500.
 */
import { insertMerchantAddress } from "../../modules/catalog/merchant-address-records";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deals } from "../../modules/catalog/schema";
import { passSecondFactor, startStaffSession } from "../../modules/staff/staff-sessions";
import { insertSellable } from "../support/buying-fixtures";
import { insertCatalogBasics } from "../support/catalog-fixtures";
import { ManualClock } from "../support/manual-clock";
import { type PageApp, pageHtml, pageText, startPageApp } from "../support/page-app";
import { insertStaffMember } from "../support/staff-fixtures";
import { TestBrowser } from "../support/test-browser";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let database: TestDatabase;
let app: PageApp;
let close: () => Promise<void>;
let analyst: TestBrowser;
let manager: TestBrowser;
const clock = new ManualClock("2026-11-28T09:00:00Z");
const ids: Record<string, number> = {};
let merchantId = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const basics = await insertCatalogBasics(database.db);
  const make = async (name: string, deal: Record<string, unknown>) => {
    ids[name] = (await insertSellable(database.db, basics, { deal })).deal.id;
  };
  await make("massage", { headline: "Hot stone massage", price: 2900, updatedAt: new Date("2026-11-02T10:00:00Z") });
  await make("draft", { headline: "Paddleboard lesson", status: "draft", published: false, price: 1900, updatedAt: new Date("2026-11-20T10:00:00Z") });
  await make("curry", { headline: "Curry night for two", price: 3500, updatedAt: new Date("2026-11-10T10:00:00Z") });
  await insertMerchantAddress(database.db, {
    merchantId: basics.merchant.id,
    addressLine1: "12 Dean Street",
    addressLine2: null,
    town: "London",
    postCode: "W1D 3RY",
    lat: 51.5136,
    lon: -0.1318,
  });
  merchantId = basics.merchant.id;
  ({ app, close } = await startPageApp(database, clock));
  const id = await insertStaffMember(database.db, clock, { email: "ana@example.com", role: "analyst" });
  const session = await startStaffSession(database.db, clock, id, null);
  await passSecondFactor(database.db, clock, session.id);
  analyst = new TestBrowser(app, { ip: "198.51.100.40" });
  analyst.cookies.set("staffSession", session.token);
  const managerId = await insertStaffMember(database.db, clock, { email: "mo@example.com", role: "deal_manager", name: "Mo" });
  const managerSession = await startStaffSession(database.db, clock, managerId, null);
  await passSecondFactor(database.db, clock, managerSession.id);
  manager = new TestBrowser(app, { ip: "198.51.100.41" });
  manager.cookies.set("staffSession", managerSession.token);
}, 120_000);
afterAll(async () => {
  await close?.();
  await database?.dispose();
});

async function table(query: string) {
  const response = await analyst.request(`/admin/deals${query}`);
  expect(response.status).toBe(200);
  const html = await pageHtml(response);
  const rows = [...html.matchAll(/<tr[^>]*data-testid="deal-row"[^>]*>([\s\S]*?)<\/tr>/g)].map((row) => pageText(row[1]).trim());
  return { text: pageText(html), rows, html };
}

describe("the deals table", () => {
  it("lists the latest changes first with their state, and counts what matches", async () => {
    const { text, rows } = await table("");
    expect(text).toContain("Deals 1–3 of 3");
    expect(rows.map((row) => row.split(" ").slice(1, 3).join(" "))).toEqual(["Paddleboard lesson", "Curry night", "Hot stone"]);
    expect(rows[0]).toContain("Draft");
    expect(rows[0]).toContain("£19.00");
  });

  it("finds by words or by id, and filters by state", async () => {
    expect((await table("?q=curry")).rows).toHaveLength(1);
    expect((await table(`?q=${ids.massage}`)).rows[0]).toContain("Hot stone massage");
    const drafts = await table("?status=draft");
    expect(drafts.rows).toHaveLength(1);
    expect(drafts.text).toContain("Deals 1–1 of 1");
    expect((await table("?q=nothing+like+this")).text).toContain("No deals match.");
  });

  it("sorts by a column heading's link, says how it is sorted, and pages", async () => {
    const byPrice = await table("?sort=price&direction=asc");
    expect(byPrice.rows.map((row) => row.split(" ")[0])).toEqual([ids.draft, ids.massage, ids.curry].map(String));
    // Sorted up by price: its heading says so, and its link sorts down (price's default way, so not in the address).
    expect(byPrice.html).toMatch(/<th[^>]*aria-sort="ascending"[^>]*><a href="\/admin\/deals\?sort=price"[^>]*>Price/);
    const second = await table("?size=25&page=2");
    expect(second.text).toContain("No deals match.");
    expect(second.html).toContain('href="/admin/deals?size=25"');
  });

  it("answers a malformed address with the default table", async () => {
    const { rows } = await table("?status=bogus&sort=;drop&page=-4&size=7&closingFrom=2026-13-45&location=abc");
    expect(rows).toHaveLength(3);
  });

  it("exports what the search matches as CSV", async () => {
    const response = await analyst.request("/admin/deals.csv?status=live");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="deals.csv"');
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^Deal id,Headline,Status/);
    expect(
      lines
        .slice(1)
        .map((line) => line.split(",")[1])
        .sort(),
    ).toEqual(["Curry night for two", "Hot stone massage"]);
  });
});

describe("a deal's page", () => {
  it("shows the merchant's addresses as the deal page will, with a way to change them", async () => {
    const html = await pageHtml(await manager.request(`/admin/deals/${ids.curry}`));
    const start = html.indexOf('data-testid="redemption-addresses"');
    const section = pageText(html.slice(start, html.indexOf("Change the merchant", start)));
    expect(section).toContain("12 Dean Street");
    expect(section).toContain("London W1D 3RY");
    expect(section).toContain("View on map");
    expect(html).toContain(`href="/admin/merchants/${merchantId}"`);
  });

  it("lets a deal manager pause a live deal with a reason, shown in its history", async () => {
    const page = pageText(await pageHtml(await manager.request(`/admin/deals/${ids.curry}`)));
    expect(page).toContain("Curry night for two");
    expect(page).toMatch(/State Live/);
    expect(page).toContain("Pause");
    const form = async (fields: Record<string, string>) =>
      manager.request(`/admin/deals/${ids.curry}`, { method: "POST", form: { _csrf: await manager.csrfToken(), from: "live", ...fields } });
    const refused = await form({ to: "paused", reason: "" });
    expect(refused.status).toBe(400);
    expect(pageText(await pageHtml(refused))).toContain("Please say why: the reason is kept with the deal's history.");
    const paused = await form({ to: "paused", reason: "Kitchen refit" });
    expect(paused.status).toBe(200);
    const after = pageText(await pageHtml(await manager.request(`/admin/deals/${ids.curry}`)));
    expect(after).toMatch(/State Paused/);
    expect(after).toMatch(/Paused · Mo · “ Kitchen refit ”/);
    // The same press again, from the state the page showed: refused, nothing changes twice.
    expect((await form({ to: "paused", reason: "Kitchen refit" })).status).toBe(409);
  });

  it("shows an analyst no buttons and refuses a forged change", async () => {
    const page = pageText(await pageHtml(await analyst.request(`/admin/deals/${ids.massage}`)));
    expect(page).toContain("Your role cannot change this deal&#x27;s state.");
    const forged = await analyst.request(`/admin/deals/${ids.massage}`, { method: "POST", form: { _csrf: await analyst.csrfToken(), from: "live", to: "paused", reason: "x" } });
    expect(forged.status).toBe(403);
    expect(pageText(await pageHtml(await analyst.request(`/admin/deals/${ids.massage}`)))).toMatch(/State Live/);
  });

  it("lets a deal manager rewrite a deal's words; the shop's page shows them on the next request", async () => {
    const path = `/admin/deals/${ids.massage}`;
    const words = { headline: "Hot stone massage with tea", title: "A massage and a pot of tea", description: "An hour of hot stones.\n\nThen tea.", finePrint: "Book ahead." };
    const refused = await manager.request(path, { method: "POST", form: { _csrf: await manager.csrfToken(), intent: "copy", ...words, headline: "  " } });
    expect(refused.status).toBe(400);
    expect(pageText(await pageHtml(refused))).toContain("Required field");
    const saved = await manager.request(path, { method: "POST", form: { _csrf: await manager.csrfToken(), intent: "copy", ...words } });
    expect(pageText(await pageHtml(saved))).toContain("Saved: shoppers see the new words from their next page.");
    const shop = await analyst.request(`/deals/london`);
    expect(pageText(await pageHtml(shop))).toContain("Hot stone massage with tea");
    // An analyst sees no form, and a forged edit is refused before it reaches the deal.
    expect(await pageHtml(await analyst.request(path))).not.toContain("Save the words");
    const forged = await analyst.request(path, { method: "POST", form: { _csrf: await analyst.csrfToken(), intent: "copy", ...words, headline: "Forged" } });
    expect(forged.status).toBe(403);
  });

  it("lets a deal manager make a week-long preview link for a draft that opens it as shoppers will see it; an analyst cannot", async () => {
    const path = `/admin/deals/${ids.draft}`;
    // A routable shop address, as the deal editor gives its deals.
    await database.db
      .update(deals)
      .set({ urlPath: `/deal/london/beauty/spa/${ids.draft}/paddleboard-lesson` })
      .where(eq(deals.id, ids.draft));
    const made = await manager.request(path, { method: "POST", form: { _csrf: await manager.csrfToken(), intent: "preview" } });
    expect(made.status).toBe(200);
    const html = await pageHtml(made);
    const href = /<a[^>]*href="(https?:\/\/[^"]+\/deal-preview\/[A-Za-z0-9_-]{43})"/.exec(html)?.[1];
    expect(href).toBeDefined();
    expect(pageText(html)).toMatch(/\(until 2026-12-05 09:00\s*\)/);
    // The link is on the configured origin, never the request's Host.
    expect(new URL(href!).host).not.toBe("evil.example");

    const visitor = new TestBrowser(app, { ip: "198.51.100.42" });
    const opened = await visitor.request(new URL(href!).pathname);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toMatch(new RegExp(`^/deal/london/beauty/spa/${ids.draft}/paddleboard-lesson\\?dealPreview=`));
    const dealPage = await visitor.request(opened.headers.get("location")!);
    expect(dealPage.status).toBe(200);
    expect(pageText(await pageHtml(dealPage))).toContain("Paddleboard lesson");
    expect((await visitor.request(`${new URL(href!).pathname}x`)).status).toBe(404);

    // A live deal has no preview links; an analyst sees none and cannot make one.
    expect(pageText(await pageHtml(await manager.request(`/admin/deals/${ids.massage}`)))).not.toContain("Make a preview link");
    expect(pageText(await pageHtml(await analyst.request(path)))).not.toContain("Make a preview link");
    const forged = await analyst.request(path, { method: "POST", form: { _csrf: await analyst.csrfToken(), intent: "preview" } });
    expect(forged.status).toBe(403);
  });

  it("answers an unknown deal with 404", async () => {
    const missing = await analyst.request("/admin/deals/99999999");
    expect(missing.status).toBe(404);
    expect(pageText(await pageHtml(missing))).toContain("There is no deal with that id.");
    expect((await analyst.request("/admin/deals/abc")).status).toBe(404);
  });
});
