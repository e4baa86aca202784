/**
 * Near me (the nearest location from a position, remembered in the location cookie) and the gift
 * finder pages, as a browser without JavaScript and the "Use my location" button's calls see them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCatalogBasics, insertDeal } from "../support/catalog-fixtures";
import { ManualClock } from "../support/manual-clock";
import { TestBrowser } from "../support/test-browser";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { type PageApp, pageHtml, pageText, startPageApp } from "../support/page-app";
import { GIFT_PERSONALITIES, GIFT_RECIPIENTS } from "../../modules/catalog/rules/gift-finder";
import { dealTags, specialTags } from "../../modules/catalog/schema";
import { HOSTILE_URL_VALUES } from "../support/hostile-values";

let database: TestDatabase;
let app: PageApp;
let close: () => Promise<void>;
const clock = new ManualClock("2026-11-21T12:00:00Z");
let ip = 0;

const HOSTS = { wowcher: "wowcher.co.uk", livingsocial: "livingsocial.co.uk", wowcherie: "wowcher.ie", livingsocialie: "livingsocial.ie" } as const;

function browserAt(brand: keyof typeof HOSTS = "wowcher") {
  ip += 1;
  return new TestBrowser(app, { ip: `198.51.100.${ip}`, host: HOSTS[brand] });
}

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const basics = await insertCatalogBasics(db);
  await db.insert(specialTags).values([...GIFT_RECIPIENTS, ...GIFT_PERSONALITIES].map((option) => ({ slug: option.searchTag, name: option.name, description: option.name })));
  const tagged = async (tags: string[], overrides: Parameters<typeof insertDeal>[2]) => {
    const deal = await insertDeal(db, basics, overrides);
    await db.insert(dealTags).values(tags.map((tag) => ({ tag, dealId: deal.id })));
  };
  await insertDeal(db, basics, { headline: "London Spa Retreat" });
  await insertDeal(db, basics, { headline: "Manchester Spa Retreat", locationId: 275851 });
  await tagged(["gifts-for-mum", "gifts-for-the-pampered"], { headline: "Pamper Day for Mum", price: 900, totalBought: 9 });
  await tagged(["gifts-for-mum"], { headline: "Champagne Tea for Mum", price: 2500, totalBought: 8 });
  await tagged(["gifts-for-dad", "gifts-for-the-daredevil"], { headline: "Supercar Drive for Dad", price: 6000, totalBought: 7 });
  await tagged(["gifts-for-mum"], { headline: "Dublin Spa for Mum", countryCode: "IE", currency: "EUR", locationId: 275859, price: 3000 });
  ({ app, close } = await startPageApp(database, clock));
}, 120_000);

afterAll(async () => {
  await close?.();
  await database?.dispose();
});

describe("GET /v1/nearmelocation/area/{a}/{b}", () => {
  it("finds the nearest location of the brand's market", async () => {
    const london = await browserAt().api<{ location: { id: number; shortName: string }; distanceKm: number }>("GET", "/v1/nearmelocation/area/51.51/-0.12");
    expect(london.status).toBe(200);
    expect(london.body.location).toMatchObject({ id: 275850, shortName: "london" });
    expect(london.body.distanceKm).toBeLessThan(2);
    const manchester = await browserAt().api<{ location: { shortName: string } }>("GET", "/v1/nearmelocation/area/53.4/-2.3");
    expect(manchester.body.location.shortName).toBe("manchester");
    // On the Irish site Dublin is nearest even to a point in Wales: only Irish locations count.
    for (const point of ["53.35/-6.26", "53.3/-4.0"]) {
      const dublin = await browserAt("wowcherie").api<{ location: { id: number; shortName: string } }>("GET", `/v1/nearmelocation/area/${point}`);
      expect(dublin.body.location).toMatchObject({ id: 275859, shortName: "dublin" });
    }
  });

  it("answers 400 with a clear message for coordinates out of range or not numbers", async () => {
    const browser = browserAt();
    for (const [path, message] of [
      ["/v1/nearmelocation/area/95/0", "Latitude must be a number between -90 and 90"],
      ["/v1/nearmelocation/area/51.5/-181", "Longitude must be a number between -180 and 180"],
      ["/v1/nearmelocation/area/north/0", "Latitude must be a number between -90 and 90"],
    ] as const) {
      const answer = await browser.api<{ error: { code: string; message: string } }>("GET", path);
      expect(answer.status, path).toBe(400);
      expect(answer.body.error.message, path).toContain(message);
    }
  });

  it("limits how often one client may look up positions", async () => {
    const browser = browserAt();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await browser.api("GET", "/v1/nearmelocation/area/51.5/-0.1")).status);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe("/near-me pages", () => {
  it("show the remembered location's deals, or the default's, and allow geolocation there only", async () => {
    const browser = browserAt();
    const fresh = await browser.request("/near-me/hub");
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("permissions-policy")).toContain("geolocation=(self)");
    const text = pageText(await pageHtml(fresh));
    expect(text).toContain("Deals Near You");
    expect(text).toContain("Showing deals in London");
    expect(text).toContain("London Spa Retreat");
    expect(text).not.toContain("Manchester Spa Retreat");
    expect((await browser.request("/deals/london")).headers.get("permissions-policy")).toContain("geolocation=()");

    browser.cookies.set("location", "manchester");
    const remembered = pageText(await pageHtml(await browser.request("/near-me/hub")));
    expect(remembered).toContain("Showing deals in Manchester");
    expect(remembered).toContain("Manchester Spa Retreat");
  });

  it("remember the nearest location posted by Use my location and show its deals", async () => {
    const browser = browserAt();
    const posted = await browser.request("/near-me/hub", { method: "POST", form: { location: "manchester", _csrf: await browser.csrfToken() } });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe("/near-me/hub");
    expect(browser.cookies.get("location")).toBe("manchester");
    expect(pageText(await pageHtml(await browser.request("/near-me/hub")))).toContain("Manchester Spa Retreat");
    // A location of another market is not remembered.
    await browser.request("/near-me/hub", { method: "POST", form: { location: "dublin", _csrf: await browser.csrfToken() } });
    expect(browser.cookies.get("location")).toBe("manchester");
  });
});

describe("gift finder pages", () => {
  it("answer on all four brands, the Irish ones under /deal", async () => {
    for (const [brand, path, gift] of [
      ["wowcher", "/london/gift-finder", "Pamper Day for Mum"],
      ["livingsocial", "/london/gift-finder/gifts-for-mum", "Champagne Tea for Mum"],
      ["wowcherie", "/deal/dublin/gift-finder", "Dublin Spa for Mum"],
      ["livingsocialie", "/deal/dublin/gift-finder/gifts-for-mum", "Dublin Spa for Mum"],
    ] as const) {
      const response = await browserAt(brand).request(path);
      expect(response.status, `${brand} ${path}`).toBe(200);
      expect(pageText(await pageHtml(response)), `${brand} ${path}`).toContain(gift);
    }
  });

  it("filter with plain links and show how many gifts each choice lists", async () => {
    const html = await pageHtml(await browserAt().request("/london/gift-finder/gifts-for-mum?price=20"));
    const text = pageText(html);
    expect(text).toContain("1 gift for Mum (£20 - £50)");
    expect(text).toContain("Champagne Tea for Mum");
    expect(text).not.toContain("Pamper Day for Mum");
    // Each choice links to its page with the other choices kept; a choice with nothing to list is no link.
    expect(text).toContain("Under £10 (1)");
    expect(html).toContain('href="/london/gift-finder/gifts-for-mum?price=0"');
    expect(text).toContain("Dad (0)");
    expect(html).not.toContain('href="/london/gift-finder/gifts-for-dad?price=20"');
    expect(html).toContain('href="/london/gift-finder/gifts-for-mum"');
  });

  it("answer 404 for an unknown recipient, personality, price band or location", async () => {
    const browser = browserAt();
    for (const path of ["/london/gift-finder/gifts-for-cat", "/london/gift-finder?personality=grumpy", "/london/gift-finder?price=15", "/atlantis/gift-finder", "/london/gift-finder?page=0"]) {
      expect((await browser.request(path)).status, path).toBe(404);
    }
  });
});

describe("GET /v1/gift-finder/{location}", () => {
  it("lists gifts with faceted navigation, filtered by recipient, personality and price band", async () => {
    const browser = browserAt();
    const all = await browser.api<{ facetedNavigation: { count: number; navigations: { shortName: string; count: number }[] }; deals: { headline: string }[] }>("GET", "/v1/gift-finder/london");
    expect(all.status).toBe(200);
    expect(all.body.facetedNavigation.count).toBe(3);
    expect(all.body.facetedNavigation.navigations.find((item) => item.shortName === "gifts-for-mum")?.count).toBe(2);
    const filtered = await browser.api<{ deals: { headline: string }[]; total: number }>("GET", "/v1/gift-finder/london?recipient=mum&personality=pampered&price=0");
    expect(filtered.body.deals.map((deal) => deal.headline)).toEqual(["Pamper Day for Mum"]);
    expect(filtered.body.total).toBe(1);
    expect((await browser.api("GET", "/v1/gift-finder/london?price=15")).status).toBe(400);
    expect((await browser.api("GET", "/v1/gift-finder/atlantis")).status).toBe(404);
  });
});

describe("hostile input", () => {
  it("never answers 500 on the gift finder, near me or the nearest-location API", async () => {
    const browser = browserAt();
    const problems: string[] = [];
    for (const value of HOSTILE_URL_VALUES) {
      for (const path of [
        `/${value}/gift-finder`,
        `/london/gift-finder/${value}`,
        `/deal/${value}/gift-finder`,
        `/london/gift-finder?personality=${value}`,
        `/london/gift-finder?price=${value}`,
        `/london/gift-finder?page=${value}`,
        `/v1/gift-finder/london?price=${value}`,
        `/v1/nearmelocation/area/${value}/0`,
      ]) {
        const response = await browser.request(path);
        await response.arrayBuffer();
        if (response.status >= 500) problems.push(`${path} → ${response.status}`);
      }
    }
    for (const value of ["a\u0000b", "\ud800", "/／／x", "//evil.example", "2147483648", "x".repeat(5000)]) {
      const posted = await browser.request("/near-me/hub", { method: "POST", form: { location: value, _csrf: await browser.csrfToken() } });
      if (posted.status >= 500) problems.push(`POST /near-me/hub ${JSON.stringify(value.slice(0, 20))} → ${posted.status}`);
      expect(browser.cookies.get("location"), value.slice(0, 20)).toBeUndefined();
    }
    expect(problems).toEqual([]);
  });
});
