/**
 * A travel option's nights on a calendar in the back office: a month of prices and rooms left, and
 * a run of nights changed from a form that works without JavaScript, its problems named by field.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passSecondFactor, startStaffSession } from "../../modules/staff/staff-sessions";
import type { StaffRole } from "../../modules/staff/roles";
import { insertCatalogBasics } from "../support/catalog-fixtures";
import { ManualClock } from "../support/manual-clock";
import { type PageApp, pageHtml, pageText, startPageApp } from "../support/page-app";
import { insertStaffMember } from "../support/staff-fixtures";
import { TestBrowser } from "../support/test-browser";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { insertTravelStay } from "../support/travel-fixtures";

let database: TestDatabase;
let app: PageApp;
let close: () => Promise<void>;
const clock = new ManualClock("2026-11-28T09:00:00Z");
let path = "";
let ip = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const basics = await insertCatalogBasics(database.db);
  const { deal, product } = await insertTravelStay(database.db, basics, { from: "2026-12-01", nights: 9, capacity: 5, price: 5000 });
  path = `/admin/deals/${deal.id}/travel-rates/${product.id}`;
  ({ app, close } = await startPageApp(database, clock));
}, 120_000);
afterAll(async () => {
  await close?.();
  await database?.dispose();
});

async function signedInAs(role: StaffRole): Promise<TestBrowser> {
  ip += 1;
  const id = await insertStaffMember(database.db, clock, { email: `${role}-${ip}@example.com`, role });
  const session = await startStaffSession(database.db, clock, id, null);
  await passSecondFactor(database.db, clock, session.id);
  const member = new TestBrowser(app, { ip: `198.51.100.${60 + ip}` });
  member.cookies.set("staffSession", session.token);
  return member;
}

const night = (html: string, date: string) => pageText(new RegExp(`<td[^>]*data-night="${date}"[^>]*>([\\s\\S]*?)</td>`).exec(html)?.[1] ?? "").trim();

describe("the nights calendar", () => {
  it("shows a month of nights with price and rooms left, from the market's current month", async () => {
    const manager = await signedInAs("deal_manager");
    const december = await pageHtml(await manager.request(`${path}?month=2026-12`));
    expect(pageText(december)).toContain("December 2026");
    expect(night(december, "2026-12-01")).toBe("1 £50.00 5 of 5 left");
    expect(night(december, "2026-12-20")).toBe("20 No rate");
    // A past month or nonsense shows this month; this month offers no "Previous month".
    const november = await pageHtml(await manager.request(`${path}?month=2026-10`));
    expect(pageText(november)).toContain("November 2026");
    expect(pageText(november)).not.toContain("Previous month");
    expect(pageText(await pageHtml(await manager.request(`${path}?month=2026-13`)))).toContain("November 2026");
  });

  it("changes a run of nights from the form, naming each problem by its field first", async () => {
    const manager = await signedInAs("deal_manager");
    const form = async (fields: Record<string, string>) => manager.request(path, { method: "POST", form: { _csrf: await manager.csrfToken(), ...fields } });
    const refused = await form({ from: "2026-12-05", to: "2026-12-03", price: "", vipPrice: "", rooms: "many", onSale: "yes" });
    expect(refused.status).toBe(400);
    const problems = pageText(await pageHtml(refused));
    expect(problems).toContain("The last night must be on or after the first night.");
    expect(problems).toContain("Enter the price, such as 89.00.");
    expect(problems).toContain("Enter the rooms on sale each night, a whole number from 0 to 999.");

    const saved = await form({ from: "2026-12-05", to: "2026-12-12", price: "72.50", vipPrice: "", rooms: "3", onSale: "no" });
    expect(saved.status).toBe(200);
    expect(pageText(await pageHtml(saved))).toContain("Saved 8 nights, 2026-12-05 to 2026-12-12: shoppers see them on their next page.");
    const december = await pageHtml(await manager.request(`${path}?month=2026-12`));
    expect(night(december, "2026-12-05")).toBe("5 £72.50 3 of 3 left Not on sale");
    expect(night(december, "2026-12-12")).toBe("12 £72.50 3 of 3 left Not on sale");
    expect(night(december, "2026-12-04")).toBe("4 £50.00 5 of 5 left");
  });

  it("shows an analyst the calendar without the form, and refuses a forged change", async () => {
    const analyst = await signedInAs("analyst");
    const page = pageText(await pageHtml(await analyst.request(path)));
    expect(page).toContain("Calendar: Double room, breakfast included");
    expect(page).not.toContain("Change nights");
    const forged = await analyst.request(path, {
      method: "POST",
      form: { _csrf: await analyst.csrfToken(), from: "2026-12-05", to: "2026-12-05", price: "1", rooms: "1", onSale: "yes" },
    });
    expect(forged.status).toBe(403);
    expect((await analyst.request(path.replace(/\/\d+$/, "/99999999"))).status).toBe(404);
  });
});
