import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCatalogBasics, insertDeal } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestBrowserApp, TestBrowser } from "../../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";

let database: TestDatabase;
let app: ReturnType<typeof createTestBrowserApp>;
const clock = new ManualClock("2026-03-02T10:00:00Z");
const local: number[] = [];
const travel: number[] = [];
let ipCounter = 0;

type Deals = { deals: { id: number; dealType: string }[] };

function newBrowser() {
  ipCounter += 1;
  return new TestBrowser(app, { ip: `198.18.0.${ipCounter}` });
}

async function view(browser: TestBrowser, dealId: number) {
  clock.advance(1000);
  return browser.api("POST", "/v1/recently-viewed", { dealId });
}

async function viewed(browser: TestBrowser, query = "") {
  return (await browser.api<Deals>("GET", `/v1/recently-viewed${query}`)).body.deals.map((deal) => deal.id);
}

beforeAll(async () => {
  database = await createTestDatabase();
  const basics = await insertCatalogBasics(database.db);
  for (let i = 0; i < 7; i++) local.push((await insertDeal(database.db, basics, { headline: `Local ${i}` })).id);
  for (let i = 0; i < 2; i++) travel.push((await insertDeal(database.db, basics, { dealType: "travel", locationId: null })).id);
  app = createTestBrowserApp(database, clock);
});

afterAll(() => database.dispose());

describe("recently viewed", () => {
  it("keeps the last five per location type, most recent first, without duplicates", async () => {
    const browser = newBrowser();
    expect(await viewed(browser)).toEqual([]);
    for (const id of local) expect((await view(browser, id)).status).toBe(204);
    await view(browser, local[3]);
    await view(browser, travel[0]);
    expect(await viewed(browser, "?locationType=local")).toEqual([local[3], local[6], local[5], local[4], local[2]]);
    expect(await viewed(browser, "?locationType=travel")).toEqual([travel[0]]);
    expect(await viewed(browser)).toEqual([travel[0], local[3], local[6], local[5], local[4], local[2]]);
  });

  it("refuses a deal that does not exist", async () => {
    expect((await newBrowser().api("POST", "/v1/recently-viewed", { dealId: 99999999 })).status).toBe(404);
  });

  it("keeps a guest's views and merges them into the account at sign-in", async () => {
    const first = newBrowser();
    await first.api("POST", "/v1/register", { firstName: "Ann", lastName: "Smith", email: "viewer@example.com", password: "correct horse" });
    await view(first, local[0]);
    await view(first, local[1]);

    const browser = newBrowser();
    await view(browser, local[2]);
    await view(browser, local[0]);
    expect(await viewed(browser)).toEqual([local[0], local[2]]);
    await browser.api("POST", "/v1/login", { loginRequest: { j_username: "viewer@example.com", j_password: "correct horse" } });
    expect(await viewed(browser)).toEqual([local[0], local[2], local[1]]);
    // Another guest sees nothing of it.
    expect(await viewed(newBrowser())).toEqual([]);
  });
});
