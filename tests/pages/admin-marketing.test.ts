/** The marketing pages of the back office: home scrollers, seasonal themes, navigation; what an editor sees and the errors they get. */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { navigationItems } from "../../modules/catalog/schema";
import { insertSellable } from "../support/buying-fixtures";
import { passSecondFactor, startStaffSession } from "../../modules/staff/staff-sessions";
import type { StaffRole } from "../../modules/staff/roles";
import { insertCatalogBasics, insertNavigationItems } from "../support/catalog-fixtures";
import { ManualClock } from "../support/manual-clock";
import { type PageApp, pageHtml, pageText, startPageApp } from "../support/page-app";
import { insertStaffMember } from "../support/staff-fixtures";
import { TestBrowser } from "../support/test-browser";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let database: TestDatabase;
let app: PageApp;
let close: () => Promise<void>;
let editor: TestBrowser;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
const clock = new ManualClock("2026-11-28T09:00:00Z");

async function signedInAs(role: StaffRole): Promise<TestBrowser> {
  const id = await insertStaffMember(database.db, clock, { email: `${role}@example.com`, role, name: "Eddie" });
  const session = await startStaffSession(database.db, clock, id, null);
  await passSecondFactor(database.db, clock, session.id);
  const member = new TestBrowser(app, { ip: "198.51.100.71" });
  member.cookies.set("staffSession", session.token);
  return member;
}

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
  await insertNavigationItems(database.db, "IE", ["Beauty", "Travel", "Gifts"]);
  ({ app, close } = await startPageApp(database, clock));
  editor = await signedInAs("editor");
}, 120_000);
afterAll(async () => {
  await close?.();
  await database?.dispose();
});

const text = async (response: Response) => pageText(await pageHtml(response));
const post = (path: string, form: Record<string, string>) => editor.request(path, { method: "POST", form });

describe("home scrollers", () => {
  it("explains a missing header and source, then adds the scroller to the home page's list", async () => {
    expect(await text(await editor.request("/admin/scrollers"))).toContain("No scrollers on this page yet.");
    const refused = await post("/admin/scrollers", { intent: "save", brand: "wowcher", pageLocation: "homepage", header: "", specialSearchTag: "", category: "" });
    expect(refused.status).toBe(400);
    const problems = await text(refused);
    expect(problems).toContain("There is a problem");
    expect(problems).toContain("Enter a special tag or a category: the scroller lists their deals.");
    const saved = await post("/admin/scrollers", { intent: "save", brand: "wowcher", pageLocation: "homepage", header: "Winter warmers", specialSearchTag: "winter" });
    expect(await text(saved)).toContain("Scroller “Winter warmers” saved");
    const list = await text(await editor.request("/admin/scrollers"));
    expect(list).toMatch(/1\s*\.\s*Winter warmers/);
    expect(list).toContain("Special tag: winter");
  });

  it("refuses a change without the CSRF token", async () => {
    const response = await editor.request("/admin/scrollers", { method: "POST", form: { intent: "save", header: "x" }, csrf: false });
    expect(response.status).toBe(403);
  });
});

describe("seasonal themes", () => {
  it("refuses an end before the start, saves a theme in wall time, and previews it at a chosen moment", async () => {
    const refused = await post("/admin/themes", { intent: "save", name: "christmas", brand: "", startsAt: "2026-12-10T00:00", endsAt: "2026-12-01T00:00", priority: "0" });
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain("Enter an end after the start.");
    const saved = await post("/admin/themes", { intent: "save", name: "christmas", brand: "", startsAt: "2026-12-01T00:00", endsAt: "2026-12-26T00:00", priority: "0" });
    expect(await text(saved)).toContain("Theme “christmas” saved");
    const page = await text(await editor.request("/admin/themes?previewBrand=wowcher&at=2026-12-05T10:00"));
    expect(page).toContain("2026-12-01 00:00");
    expect(page).toContain("Theme: christmas");
    expect(await text(await editor.request("/admin/themes?previewBrand=wowcher&at=2027-01-05T10:00"))).toContain("No seasonal theme: the usual look.");
  });
});

describe("countdown bars", () => {
  it("refuses a bar already over (its end linked from the summary) and an outside link; saves one the theme preview then shows", async () => {
    const bar = { intent: "save", brand: "wowcher", label: "Black Friday ends in", link: "/deals/london", startsAt: "2026-11-28T00:00", endsAt: "2026-11-30T23:59" };
    const over = await post("/admin/countdowns", { ...bar, endsAt: "2026-11-28T08:00" });
    expect(over.status).toBe(400);
    const overHtml = await pageHtml(over);
    expect(overHtml).toContain('href="#countdown-ends"');
    expect(pageText(overHtml)).toContain("a countdown that is already over would not be true");
    const outside = await post("/admin/countdowns", { ...bar, link: "https://example.com/" });
    expect(await text(outside)).toContain("Enter a page of this site starting with /, or leave it blank.");
    expect(await text(await post("/admin/countdowns", bar))).toContain("Countdown bar saved");
    const list = await text(await editor.request("/admin/countdowns"));
    expect(list).toMatch(/Black Friday ends in\s*Wowcher\s*2026-11-28 00:00\s*2026-11-30 23:59\s*Showing now/);
    expect(await text(await editor.request("/admin/themes?previewBrand=wowcher&at=2026-11-29T10:00"))).toContain("Countdown bar: Black Friday ends in.");
  });
});

describe("sponsored campaigns", () => {
  it("a deal manager adds a campaign; a missing target is linked from the summary; an editor is refused", async () => {
    const manager = await signedInAs("deal_manager");
    const { deal } = await insertSellable(database.db, basics);
    const campaign = { dealId: String(deal.id), keywords: "spa", categoryIds: "", bid: "0.40", dailyBudget: "20.00", startsAt: "2026-11-28T00:00", endsAt: "", active: "on" };
    const add = async (form: Record<string, string>) => manager.request("/admin/sponsored", { method: "POST", form: { _csrf: await manager.csrfToken(), ...form } });
    const refused = await add({ ...campaign, keywords: "" });
    expect(refused.status).toBe(400);
    const html = await pageHtml(refused);
    expect(html).toContain('href="#sponsored-keywords"');
    expect(pageText(html)).toContain("Enter at least one search word or one category");
    expect(await text(await add(campaign))).toContain("Campaign saved: the next search may show it.");
    expect(await text(await manager.request("/admin/sponsored"))).toMatch(new RegExp(`Deal ${deal.id}\\s*spa\\s*£0.40\\s*0 clicks, £0.00 of £20.00\\s*Running`));
    expect((await editor.request("/admin/sponsored")).status).toBe(403);
  });
});

describe("navigation", () => {
  it("moves an item up and renames it; the header preview shows the new order, an empty name is explained", async () => {
    const [gifts] = await database.db
      .select({ id: navigationItems.id })
      .from(navigationItems)
      .where(and(eq(navigationItems.shortName, "gifts"), eq(navigationItems.countryCode, "IE")));
    const giftsId = String(gifts.id);
    expect(await pageHtml(await editor.request("/admin/navigation?market=IE"))).toContain('aria-label="Move Gifts up"');
    const moved = await post("/admin/navigation", { intent: "up", id: giftsId, market: "IE" });
    expect(await text(moved)).toContain("Moved up: shoppers see the new order on their next page.");
    const preview = await pageHtml(await editor.request("/admin/navigation?market=IE"));
    expect(pageText(preview.slice(preview.indexOf("navigation-preview"), preview.indexOf("Navigation items in order")))).toMatch(/Beauty\s*Gifts\s*Travel/);
    const refused = await post("/admin/navigation", { intent: "rename", id: giftsId, market: "IE", linkText: " " });
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain("Enter the name shown in the header.");
  });

  it("hides an item from the header preview and marks it hidden; shows it again", async () => {
    const [travel] = await database.db
      .select({ id: navigationItems.id })
      .from(navigationItems)
      .where(and(eq(navigationItems.shortName, "travel"), eq(navigationItems.countryCode, "IE")));
    const previewOf = (html: string) => pageText(html.slice(html.indexOf("navigation-preview"), html.indexOf("Navigation items in order")));
    const hidden = await post("/admin/navigation", { intent: "hide", id: String(travel.id), market: "IE" });
    expect(await text(hidden)).toContain("Hidden: the header leaves it out from shoppers' next page.");
    const page = await pageHtml(await editor.request("/admin/navigation?market=IE"));
    expect(previewOf(page)).not.toContain("Travel");
    expect(page).toContain('aria-label="Show Travel in the header"');
    await post("/admin/navigation", { intent: "show", id: String(travel.id), market: "IE" });
    expect(previewOf(await pageHtml(await editor.request("/admin/navigation?market=IE")))).toContain("Travel");
  });
});
