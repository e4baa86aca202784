import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock";
import { campaignDailyStats } from "../../modules/sponsored/campaign-stats";
import { dealImpressionCounts } from "../../modules/tracking/deal-impression-counts";
import { SEARCH_NOW, type SearchCatalogue, insertCampaign, insertSearchCatalogue } from "../../tests/support/search-fixtures";
import { createTestBrowserApp, TestBrowser } from "../../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";

let database: TestDatabase;
let catalogue: SearchCatalogue;
let app: ReturnType<typeof createTestBrowserApp>;
let browser: TestBrowser;

const UK = { host: "wowcher.co.uk" };
const IE = { host: "wowcher.ie" };

beforeAll(async () => {
  database = await createTestDatabase();
  catalogue = await insertSearchCatalogue(database.db);
  await insertCampaign(database.db, { adId: "ad-steak", dealId: catalogue.deals.londonSteak.id, keywords: ["spa"] });
  app = createTestBrowserApp(database, fixedClock(SEARCH_NOW));
  browser = new TestBrowser(app);
});

afterAll(() => database.dispose());

async function getJson(path: string, headers: Record<string, string> = UK) {
  const response = await app.request(path, { headers });
  return { status: response.status, body: await response.json() };
}

/** A POST as our pages send it: JSON (or raw text) with the visitor's CSRF token. */
async function postJson(path: string, body: unknown) {
  const headers = { "content-type": "application/json" };
  const response = await browser.request(path, { method: "POST", headers, ...(typeof body === "string" ? {} : { json: body }) });
  if (typeof body !== "string") return { status: response.status, body: await response.json() };
  const raw = await app.request(path, {
    method: "POST",
    headers: { ...headers, ...UK, "x-csrf-token": await browser.csrfToken(), cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    body,
  });
  return { status: raw.status, body: await raw.json() };
}

describe("GET /v1/search/{location}", () => {
  it("answers in the spec's shape: facetedNavigation, deals, searchResult, sponsored {sessionId, deals}", async () => {
    const { status, body } = await getJson("/v1/search/london?q=spa&facetedNavigation=true");
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["deals", "facetedNavigation", "searchResult", "sponsored"]);
    expect(body.sponsored.deals).toEqual([{ id: catalogue.deals.londonSteak.id, adId: "ad-steak" }]);
    expect(body.sponsored.sessionId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(body.deals[0]).toMatchObject({ id: catalogue.deals.londonSteak.id, currency: "GBP", display: { showPrice: true } });
    expect(body.facetedNavigation.navigations[0]).toMatchObject({ linkText: "Beauty", shortName: "beauty" });
    expect(body.searchResult).toMatchObject({ query: "spa", orderBy: "relevance", page: 1, pageSize: 9 });
  });

  it("keeps the shopper's session when one is passed", async () => {
    const first = await getJson("/v1/search/london?q=spa");
    const again = await getJson(`/v1/search/london?q=spa&sessionId=${first.body.sponsored.sessionId}`);
    expect(again.body.sponsored.sessionId).toBe(first.body.sponsored.sessionId);
  });

  it("rejects an empty or blank query with a clear 400", async () => {
    for (const q of ["", "%20%20", "%09"]) {
      const { status, body } = await getJson(`/v1/search/london?q=${q}`);
      expect(status).toBe(400);
      expect(body).toEqual({ error: { code: "EMPTY_SEARCH_QUERY", message: "Please enter what you are looking for." } });
    }
    expect((await getJson("/v1/search/london")).body.error.code).toBe("SEARCH_CRITERIA_MISSING");
  });

  it("handles SQL-looking, very long and unicode queries as text", async () => {
    const injection = await getJson(`/v1/search/london?q=${encodeURIComponent("spa' OR 1=1; DROP TABLE deals; --")}`);
    expect(injection.status).toBe(200);
    const long = await getJson(`/v1/search/london?q=${"spa%20".repeat(2000)}`);
    expect(long.status).toBe(200);
    const unicode = await getJson(`/v1/search/london?q=${encodeURIComponent("Spä Dáy 😀 日本")}`);
    expect(unicode.status).toBe(200);
    expect(unicode.body.deals.length).toBeGreaterThan(0);
  });

  it("validates parameters with 400s, and an unknown location is a 404", async () => {
    expect((await getJson("/v1/search/london?q=spa&page=0")).status).toBe(400);
    expect((await getJson("/v1/search/london?q=spa&orderBy=cheapest")).status).toBe(400);
    expect((await getJson("/v1/search/london?q=spa&minPrice=abc")).body.error.message).toBe("minPrice: must be an amount like 10 or 9.99");
    expect((await getJson("/v1/search/london?q=spa&excludedealids=1,x")).status).toBe(400);
    expect((await getJson("/v1/search/atlantis?q=spa")).status).toBe(404);
  });

  it("applies price bands in major units", async () => {
    const { body } = await getJson("/v1/search/london?q=dinner&minPrice=30&maxPrice=40");
    expect(body.deals.map((d: { id: number }) => d.id)).toEqual([catalogue.deals.londonSteak.id]);
  });

  it("answers Irish brands at /v1/unbxd/search too, with Irish deals only", async () => {
    const { status, body } = await getJson("/v1/unbxd/search/dublin?q=spa", IE);
    expect(status).toBe(200);
    expect(body.deals.map((d: { currency: string }) => d.currency)).toEqual(["EUR"]);
    expect((await getJson("/v1/unbxd/search/london?q=spa", UK)).status).toBe(404);
  });
});

describe("GET /v1/suggest", () => {
  it("suggests as the shopper types and rejects a blank query", async () => {
    const { status, body } = await getJson("/v1/suggest?q=manch");
    expect(status).toBe(200);
    expect(body.suggestions[0]).toEqual({ type: "location", text: "Manchester", count: 1 });
    expect((await getJson("/v1/suggest?q=%20")).status).toBe(400);
  });
});

describe("POST /v1/sponsored/*", () => {
  it("creates a session from the user object and says 'user object was not passed' without one", async () => {
    const created = await postJson("/v1/sponsored/customer", { customerToken: null, sessionId: null });
    expect(created.status).toBe(200);
    expect(created.body.sessionId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const kept = await postJson("/v1/sponsored/customer", { customerToken: null, sessionId: created.body.sessionId });
    expect(kept.body.sessionId).toBe(created.body.sessionId);
    for (const body of ["null", "[]", "{}", '"user"']) {
      const missing = await postJson("/v1/sponsored/customer", body);
      expect(missing.status).toBe(400);
      expect(missing.body.error.message).toBe("user object was not passed");
    }
    const noBody = await browser.request("/v1/sponsored/customer", { method: "POST" });
    expect(noBody.status).toBe(400);
    expect((await noBody.json()).error.message).toBe("user object was not passed");
  });

  it("records impressions once per session and reports unknown entries", async () => {
    const { body: session } = await postJson("/v1/sponsored/customer", { customerToken: null, sessionId: null });
    const event = { adIds: ["ad-steak"], dealIds: [catalogue.deals.londonSteak.id], sessionId: session.sessionId, type: "impression" };
    expect((await postJson("/v1/sponsored/impressionAndClick", event)).body).toEqual({ recorded: 1 });
    expect((await postJson("/v1/sponsored/impressionAndClick", event)).body).toEqual({ recorded: 0 });
    expect(await campaignDailyStats(database.db, "ad-steak", "2026-11-21")).toMatchObject({ impressions: 1 });

    const wrong = await postJson("/v1/sponsored/impressionAndClick", { ...event, dealIds: [catalogue.deals.exactSpa.id] });
    expect(wrong.status).toBe(404);
    expect(wrong.body.error).toEqual({ code: "SPONSORED_ENTRY_NOT_FOUND", message: `no sponsored deal entry for: ${catalogue.deals.exactSpa.id}` });
    expect((await postJson("/v1/sponsored/impressionAndClick", { ...event, dealIds: [] })).status).toBe(400);
    expect((await postJson("/v1/sponsored/impressionAndClick", { ...event, type: "hover" })).status).toBe(400);
    expect((await postJson("/v1/sponsored/impressionAndClick", "{not json")).status).toBe(400);
  });
});

describe("writes need the CSRF token", () => {
  it("refuses tracking and session calls without it", async () => {
    for (const [path, json] of [
      ["/v1/sponsored/customer", { customerToken: null, sessionId: null }],
      ["/v1/sponsored/impressionAndClick", { adIds: ["ad-steak"], dealIds: [1], sessionId: "x", type: "click" }],
      ["/v1/deal/london/impressions", [1]],
    ] as const) {
      const response = await new TestBrowser(app).request(path, { method: "POST", json, csrf: false });
      expect(response.status, path).toBe(403);
    }
  });
});

describe("POST /v1/deal/{location}/impressions", () => {
  it("counts a batch of deal ids for today", async () => {
    const ids = [catalogue.deals.exactSpa.id, catalogue.deals.luxurySpa.id];
    const { status, body } = await postJson("/v1/deal/london/impressions", ids);
    expect(status).toBe(200);
    expect(body).toEqual({ recorded: 2 });
    expect(await dealImpressionCounts(database.db, "2026-11-21", ids)).toEqual(new Map(ids.map((id) => [id, 1])));
  });

  it("answers 'Deal impressions: undefined or missing location data' without a usable location", async () => {
    for (const location of ["undefined", "null", "atlantis"]) {
      const { status, body } = await postJson(`/v1/deal/${location}/impressions`, [catalogue.deals.exactSpa.id]);
      expect(status).toBe(400);
      expect(body.error).toEqual({ code: "IMPRESSION_LOCATION_MISSING", message: "Deal impressions: undefined or missing location data" });
    }
    const irishLocationOnUkSite = await postJson("/v1/deal/dublin/impressions", [catalogue.deals.exactSpa.id]);
    expect(irishLocationOnUkSite.status).toBe(400);
  });

  it("rejects a body that is not a list of deal ids", async () => {
    expect((await postJson("/v1/deal/london/impressions", { dealIds: [1] })).status).toBe(400);
    expect((await postJson("/v1/deal/london/impressions", Array.from({ length: 101 }, (_, i) => i + 1))).status).toBe(400);
  });
});
