/**
 * Home rails and recommendations as a shopper meets them: the location homepage stays shared
 * (cacheable, no personal rails in its HTML), the View all pages answer on every brand, and the
 * personal lists and APIs show each customer only their own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRAND_IDS, BRANDS } from "../../lib/brand";
import { locations } from "../../modules/catalog/schema";
import { computeRecommendations } from "../../modules/recommendations/compute";
import { insertCustomer, insertPastPurchase, insertSellable, signInAs } from "../support/buying-fixtures";
import { insertCatalogBasics } from "../support/catalog-fixtures";
import { ManualClock } from "../support/manual-clock";
import { type PageApp, pageHtml, pageText, startPageApp } from "../support/page-app";
import { TestBrowser } from "../support/test-browser";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let database: TestDatabase;
let app: PageApp;
let close: () => Promise<void>;
const clock = new ManualClock("2026-11-21T12:00:00Z");
type Sellable = Awaited<ReturnType<typeof insertSellable>>;
let spa: Sellable;
let dinner: Sellable;
let earlyBird: Sellable;
let soldOutEarlyBird: Sellable;
let ip = 0;
const HOME: Record<(typeof BRAND_IDS)[number], string> = { wowcher: "london", livingsocial: "london", wowcherie: "dublin", livingsocialie: "dublin-south" };

function browserFor(brand: (typeof BRAND_IDS)[number] = "wowcher") {
  ip += 1;
  return new TestBrowser(app, { host: BRANDS[brand].hosts[0], ip: `198.51.100.${ip}` });
}

async function bought(customerId: number, item: Sellable, daysAgo: number) {
  await insertPastPurchase(database.db, { customerId, dealId: item.deal.id, productId: item.product.id, quantity: 1, at: new Date(clock.now().getTime() - daysAgo * 86_400_000) });
}

beforeAll(async () => {
  database = await createTestDatabase();
  const basics = await insertCatalogBasics(database.db);
  await database.db.insert(locations).values({ id: 275860, name: "Dublin South", shortName: "dublin-south", countryCode: "IE", lat: 53.27, lon: -6.25 });
  spa = await insertSellable(database.db, basics, { deal: { headline: "Rails spa day" } });
  dinner = await insertSellable(database.db, basics, { deal: { headline: "Rails dinner for two" } });
  earlyBird = await insertSellable(database.db, basics, { deal: { headline: "Rails early bird facial", earlyBird: true } });
  soldOutEarlyBird = await insertSellable(database.db, basics, { deal: { headline: "Rails sold out early bird", earlyBird: true, soldOut: true } });
  // Two earlier shoppers bought the spa day with dinner.
  for (let i = 0; i < 2; i++) {
    const shopper = await insertCustomer(database.db);
    await bought(shopper.id, spa, 60);
    await bought(shopper.id, dinner, 50);
  }
  await computeRecommendations(database.db, { now: clock.now() });
  ({ app, close } = await startPageApp(database, clock));
}, 120_000);

afterAll(async () => {
  await close?.();
  await database?.dispose();
});

describe.each(BRAND_IDS)("home rails on %s", (brand) => {
  it("serves a shared location homepage with no personal rail in it, and the View all pages", async () => {
    const browser = browserFor(brand);
    const home = await browser.request(`/deals/${HOME[brand]}`);
    expect(home.status).toBe(200);
    expect(home.headers.get("cache-control")).toMatch(/^public, .*s-maxage=\d+/);
    const html = await pageHtml(home);
    for (const rail of ["rail-buy-again", "rail-recently-viewed", "rail-recommended"]) expect(html).not.toContain(`id="${rail}"`);

    const early = await browser.request("/early-bird");
    expect(early.status).toBe(200);
    expect(early.headers.get("cache-control")).toMatch(/^public/);
    expect(pageText(await pageHtml(early))).toContain("Early Bird Deals");

    // The personal View all pages ask a guest to log in first.
    for (const path of ["/buy-again", "/recommended-for-you"]) {
      const response = await browser.request(path);
      expect({ path, status: response.status, location: response.headers.get("location") }).toEqual({ path, status: 302, location: "/login" });
    }
    const customer = await insertCustomer(database.db, { brand });
    const signedIn = browserFor(brand);
    await signInAs(signedIn, database.db, customer, clock);
    for (const [path, heading] of [["/buy-again", "Buy again"], ["/recommended-for-you", "Recommended for you"]]) {
      const response = await signedIn.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(pageText(await pageHtml(response))).toContain(heading);
    }
  });
});

describe("the rails' lists", () => {
  it("Early Bird Deals lists early-bird deals on sale, never sold-out ones", async () => {
    const text = pageText(await pageHtml(await browserFor().request("/early-bird")));
    expect(text).toContain(earlyBird.deal.headline);
    expect(text).not.toContain("Rails sold out early bird");
    expect(soldOutEarlyBird.deal.soldOut).toBe(true);
  });

  it("Buy again and Recommended for you show a signed-in customer their own, and nobody else's", async () => {
    const me = await insertCustomer(database.db);
    await bought(me.id, spa, 3);
    const browser = browserFor();
    await signInAs(browser, database.db, me, clock);
    const buyAgain = pageText(await pageHtml(await browser.request("/buy-again")));
    expect(buyAgain).toContain("Rails spa day");
    // Others bought dinner; that is not mine to buy again.
    expect(buyAgain).not.toContain("Rails dinner for two");
    const recommended = pageText(await pageHtml(await browser.request("/recommended-for-you")));
    expect(recommended).toContain("Rails dinner for two");

    const api = await browser.api<{ deals: { id: number }[]; pageSize: number; total: number }>("GET", "/v1/buy-again/deals?page=0&pageSize=10");
    expect(api.status).toBe(200);
    expect(api.body.deals.map((deal) => deal.id)).toEqual([spa.deal.id]);

    const stranger = browserFor();
    expect((await stranger.api("GET", "/v1/buy-again/deals")).status).toBe(401);
    const other = await insertCustomer(database.db);
    await signInAs(stranger, database.db, other, clock);
    expect((await stranger.api("GET", "/v1/buy-again/deals")).body.deals).toEqual([]);
    // Someone else's customer token answers like a token that does not exist.
    expect((await stranger.api("GET", `/v1/recommendations/ct/${me.customerToken}`)).status).toBe(404);
    expect((await stranger.api("GET", `/v1/product-listing-page-deal/recommendations/ct/${me.customerToken}`)).status).toBe(404);

    const mine = await browser.api<{ deals: { id: number }[]; page: number; pageSize: number }>("GET", `/v1/recommendations/ct/${me.customerToken}?limit=40&pageSize=25&page=0`);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(mine.body.deals[0].id).toBe(dinner.deal.id);
    expect(mine.body.pageSize).toBe(25);
  });

  it("complementary deals answer with what was bought together, and refuse a bad deal id with 400", async () => {
    const browser = browserFor();
    const together = await browser.api<{ deals: { id: number }[] }>("GET", `/v1/complementary-deals?dealId=${spa.deal.id}`);
    expect(together.status).toBe(200);
    expect(together.body.deals[0].id).toBe(dinner.deal.id);
    expect(together.body.deals.map((deal) => deal.id)).not.toContain(soldOutEarlyBird.deal.id);
    const basket = await browser.api<{ deals: { id: number }[] }>("GET", `/v1/complementary-deals?dealId=${spa.deal.id}&dealId=${dinner.deal.id}`);
    expect(basket.body.deals.map((deal) => deal.id)).not.toContain(spa.deal.id);
    expect(basket.body.deals.map((deal) => deal.id)).not.toContain(dinner.deal.id);
    expect((await browser.api("GET", "/v1/complementary-deals?dealId=abc")).status).toBe(400);
    expect((await browser.api("GET", "/v1/complementary-deals")).status).toBe(400);
  });
});
