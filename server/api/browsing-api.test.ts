import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue } from "../../seed";
import { fixedClock } from "../../lib/clock";
import { deals } from "../../modules/catalog/schema";
import { loadConfig } from "../../lib/config";
import { TestBrowser } from "../../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { createApp } from "../app";

let database: TestDatabase;
let app: ReturnType<typeof createApp>;
const clock = fixedClock("2026-11-21T10:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalogue(database.db, { deals: 600, now: clock.now() });
  app = createApp({ database, clock, config: loadConfig({ NODE_ENV: "test" }), logger: pino({ level: "silent" }) });
});

afterAll(() => database.dispose());

const get = async (path: string, init?: RequestInit) => {
  const response = await app.request(path, init);
  return { status: response.status, body: await response.json(), headers: response.headers };
};

describe("GET /v1/product-listing-page-deal", () => {
  it("lists a location page by path with faceted navigation", async () => {
    const { status, body } = await get("/v1/product-listing-page-deal?path=/deals/london");
    expect(status).toBe(200);
    expect(body.deals).toHaveLength(9);
    expect(body.mainDeal).not.toBeNull();
    expect(body.canonicalUrl).toBe("/deals/london");
    expect(body.facetedNavigation.navigations.length).toBeGreaterThan(0);
    expect(body.facetedNavigation.navigations[0]).toEqual(expect.objectContaining({ linkText: expect.any(String), count: expect.any(Number), shortName: expect.any(String) }));
  });

  it("pages on, with the path's own sort, and answers an empty page past the end", async () => {
    const second = await get("/v1/product-listing-page-deal?path=%2Fdeals%2Flondon%3ForderBy%3Dpricelow&page=2");
    const prices = second.body.deals.map((deal: { price: number }) => deal.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const beyond = await get("/v1/product-listing-page-deal?path=/deals/london&page=999");
    expect(beyond.status).toBe(200);
    expect(beyond.body.deals).toEqual([]);
  });

  it("lists the deals under a deal page, and needs a deal id for an evergreen path", async () => {
    const { body: listing } = await get("/v1/product-listing-page-deal?path=/deals/london");
    const dealPath = listing.mainDeal.urlPath;
    const under = await get(`/v1/product-listing-page-deal?path=${encodeURIComponent(dealPath)}`);
    expect(under.status).toBe(200);
    expect(under.body.sideDeals).toHaveLength(listing.mainDeal.soldOut ? 6 : 5);
    const evergreen = await get("/v1/product-listing-page-deal?path=/deal/london/beauty/spa/e/spa-day");
    expect(evergreen.status).toBe(400);
    expect(evergreen.body.error.message).toBe("Evergreen path requires a deal id override");
  });

  it("answers the spec's messages for a missing path, a full URL and a bad location", async () => {
    expect((await get("/v1/product-listing-page-deal")).body).toEqual({ error: { code: "LISTING_PATH_REQUIRED", message: "Url Path is required to use getDeals" } });
    expect((await get("/v1/product-listing-page-deal?path=https://www.wowcher.co.uk/deals/london")).status).toBe(400);
    const badLocation = await get("/v1/product-listing-page-deal?path=/deals/Lon_don");
    expect(badLocation.status).toBe(400);
    expect(badLocation.body.error.message).toMatch(/^Unable to parse location from path/);
    expect((await get("/v1/product-listing-page-deal?path=/basket/abc")).body.error.message).toMatch(/^Unsupported page type/);
    expect((await get("/v1/product-listing-page-deal?path=/deals/atlantis")).status).toBe(404);
  });
});

describe("deals", () => {
  it("GET /v1/deal/{id} returns the deal in spec field names with its availability", async () => {
    const { body: listing } = await get("/v1/product-listing-page-deal?path=/deals/london");
    const { status, body } = await get(`/v1/deal/${listing.deals[0].id}`);
    expect(status).toBe(200);
    expect(body.deal).toMatchObject({ id: listing.deals[0].id, currency: "GBP", business: expect.any(Object), products: expect.any(Array) });
    expect(body.availability).toEqual(expect.objectContaining({ buyable: expect.any(Boolean) }));
    expect((await get("/v1/deal/1")).status).toBe(404);
    expect((await get("/v1/deal/abc")).status).toBe(400);
  });

  it("GET /v1/product-detail-page-deal reads a deal page by path", async () => {
    const { body: listing } = await get("/v1/product-listing-page-deal?path=/deals/london");
    const { status, body } = await get(`/v1/product-detail-page-deal?path=${encodeURIComponent(listing.deals[1].urlPath)}`);
    expect(status).toBe(200);
    expect(body.deal.urlPath).toBe(listing.deals[1].urlPath);
    expect(body.canonicalUrl).toBe(listing.deals[1].urlPath);
    expect((await get("/v1/product-detail-page-deal?path=/deals/london")).status).toBe(400);
  });

  it("GET /v1/socialcue/deal gives a message only for a count over 1", async () => {
    const { body: listing } = await get("/v1/product-listing-page-deal?path=/deals/london");
    const { status, body } = await get(`/v1/socialcue/deal?dealId=${listing.deals[0].id}`);
    expect(status).toBe(200);
    if (body.count === null) expect(body.message).toBeNull();
    else expect(body.message).toBe(`${body.count} bought in the last ${body.hours} hours`);
  });

  it("POST /v1/deal/sold-out-notification signs up once for a sold-out deal, refuses one on sale and a bad email", async () => {
    const { body: listing } = await get("/v1/product-listing-page-deal?path=/deals/london");
    // A mutating call: it carries the CSRF token like a browser on the site would.
    const shopper = new TestBrowser(app);
    const post = (body: unknown) => shopper.api("POST", "/v1/deal/sold-out-notification", body);
    const onSale = await shopper.api<{ error: { message: string } }>("POST", "/v1/deal/sold-out-notification", { dealId: listing.deals[0].id, email: "ann@example.com" });
    expect(onSale.status).toBe(409);
    expect(onSale.body.error.message).toBe("Good news: this deal is on sale now, so you can buy it straight away.");
    const [soldOut] = await database.db.select({ id: deals.id }).from(deals).where(and(eq(deals.soldOut, true), eq(deals.published, true), eq(deals.countryCode, "GB"))).limit(1);
    const dealId = soldOut.id;
    expect((await post({ dealId, email: "ann@example.com" })).status).toBe(201);
    const again = await post({ dealId, email: "ANN@example.com" });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ created: false });
    const bad = await post({ dealId, email: "not-an-email" });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: { code: "EMAIL_INVALID", message: "Please enter a valid email address" } });
    expect((await post({ dealId: 1, email: "ann@example.com" })).status).toBe(404);
    const forged = await shopper.api("POST", "/v1/deal/sold-out-notification", { dealId, email: "eve@example.com" }, { csrf: false });
    expect(forged.status).toBe(403);
  });
});

describe("navigation, locations and content", () => {
  it("GET /v1/navigations returns the location-aware menu with counts, in range", async () => {
    const { status, body } = await get("/v1/navigations?range=1-30", { headers: { cookie: "location=manchester" } });
    expect(status).toBe(200);
    expect(body[0]).toMatchObject({ linkText: "Manchester", url: "/deals/manchester", isLocal: true });
    expect(body[0].count).toEqual(expect.any(Number));
    expect((await get("/v1/navigations?range=1-3")).body).toHaveLength(3);
    const onBeauty = await get("/v1/navigations?path=/deals/london/beauty");
    expect(onBeauty.body.filter((item: { isActive: boolean }) => item.isActive).map((item: { url: string }) => item.url)).toEqual(["/deals/london/beauty"]);
    expect((await get("/v1/navigations?range=nonsense")).status).toBe(400);
  });

  it("GET /v1/facetednavigation/{brand}/{travel}/{country} lists travel categories per brand", async () => {
    const { status, body } = await get("/v1/facetednavigation/wowcherie/escapes/ie");
    expect(status).toBe(200);
    expect(body.navigations.every((item: { url: string }) => item.url.startsWith("/deals/escapes/"))).toBe(true);
    expect((await get("/v1/facetednavigation/wowcher/escapes/gb")).status).toBe(400);
    expect((await get("/v1/facetednavigation/nobody/travel/gb")).status).toBe(404);
  });

  it("GET /v1/nearmelocation/area/{a}/{b} finds the nearest location of the market", async () => {
    const { body } = await get("/v1/nearmelocation/area/53.47/-2.25");
    expect(body.location).toMatchObject({ shortName: "manchester", countryCode: "GB" });
    expect((await get("/v1/nearmelocation/area/53.35/-6.26?brand=wowcherie")).body.location.shortName).toBe("dublin");
    expect((await get("/v1/nearmelocation/area/95/0")).status).toBe(400);
  });

  it("GET /v1/staticpage returns stored copy and 404 'Page not found' for unknown slugs", async () => {
    const { status, body } = await get("/v1/staticpage?slug=guides/holiday-deals");
    expect(status).toBe(200);
    expect(body).toMatchObject({ displayName: "Holiday deals", listicleView: true, dealsFeed: { specialTag: "holiday-deals" } });
    expect(Array.isArray(body.listicleDeals)).toBe(true);
    expect(await get("/v1/staticpage?slug=nothing")).toMatchObject({ status: 404, body: { error: { message: "Page not found" } } });
  });

  it("GET /v1/content/scroller-configuration lists a brand's scrollers", async () => {
    const { body } = await get("/v1/content/scroller-configuration?brand=wowcherie");
    expect(body.map((row: { header: string }) => row.header)).toContain("Date night ideas");
    expect((await get("/v1/content/scroller-configuration?brand=acme")).status).toBe(400);
  });

  it("GET /v1/early-bird-deal lists only early-bird deals", async () => {
    const { status, body } = await get("/v1/early-bird-deal");
    expect(status).toBe(200);
    for (const deal of body.deals) {
      const { body: detail } = await get(`/v1/deal/${deal.id}`);
      expect(detail.deal.display.earlyBird).toBe(true);
    }
  });
});

describe("listing query keys through the API", () => {
  it("filters a listing path by vip, searchTag and categories, and rejects bad values", async () => {
    const vip = await get(`/v1/product-listing-page-deal?path=${encodeURIComponent("/deals/london?vip=true")}`);
    expect(vip.status).toBe(200);
    expect(vip.body.mainDeal).toBeNull();
    expect(vip.body.deals.length).toBeGreaterThan(0);
    expect(vip.body.deals.every((deal: { vipPrice: number | null }) => deal.vipPrice !== null)).toBe(true);
    const bad = await get(`/v1/product-listing-page-deal?path=${encodeURIComponent("/deals/london?vip=maybe")}`);
    expect(bad).toMatchObject({ status: 400, body: { error: { message: "vip must be true or false" } } });
    const unknownTag = await get(`/v1/product-listing-page-deal?path=${encodeURIComponent("/deals/london?searchTag=no-such-tag")}`);
    expect(unknownTag.status).toBe(404);
  });
});

describe("the deal listing's page size, offset, filters and recently viewed deals (spec §7)", () => {
  it("pages the deals under a deal as asked and leaves out deals the visitor just viewed", async () => {
    const { body: listing } = await get("/v1/product-listing-page-deal?path=/deals/london");
    const dealPath = encodeURIComponent(listing.mainDeal.urlPath);
    const plain = await get(`/v1/product-listing-page-deal?path=${dealPath}`);
    const ids = (deals: { id: number }[]) => deals.map((deal) => deal.id);
    const around = [...ids(plain.body.sideDeals), ...ids(plain.body.deals)];

    const sized = await get(`/v1/product-listing-page-deal?path=${dealPath}&pageSize=4&offset=0`);
    expect(sized.body.sideDeals).toEqual([]);
    expect(ids(sized.body.deals)).toEqual(around.slice(0, 4));
    expect(sized.body.pageSize).toBe(4);

    const seen = around.slice(0, 2);
    const fresh = await get(`/v1/product-listing-page-deal?path=${dealPath}&recentViewedDeal=${seen[0]}&recentViewedDeal=${seen[1]}`);
    const shown = [...ids(fresh.body.sideDeals), ...ids(fresh.body.deals)];
    expect(shown).not.toContain(seen[0]);
    expect(shown).not.toContain(seen[1]);
    expect(shown.slice(0, 3)).toEqual(around.slice(2, 5));
    const tooMany = Array.from({ length: 6 }, (_, i) => `recentViewedDeal=${i + 1}`).join("&");
    expect((await get(`/v1/product-listing-page-deal?path=${dealPath}&${tooMany}`)).status).toBe(400);

    const sorted = await get(`/v1/product-listing-page-deal?path=${encodeURIComponent(`${listing.mainDeal.urlPath}?orderBy=pricelow`)}`);
    const prices = [...sorted.body.sideDeals, ...sorted.body.deals].map((deal: { price: number }) => deal.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("takes a page size on listings, and offset only on deal paths", async () => {
    expect((await get("/v1/product-listing-page-deal?path=/deals/london&pageSize=3")).body.deals).toHaveLength(3);
    expect((await get("/v1/product-listing-page-deal?path=/deals/london&pageSize=101")).status).toBe(400);
    const offset = await get("/v1/product-listing-page-deal?path=/deals/london&offset=1");
    expect(offset.status).toBe(400);
    expect(offset.body.error.message).toMatch(/offset and recentViewedDeal apply to the deals under a deal/);
  });
});

describe("GET /v1/product-listing-page-deal/recommendations/ct/{customerToken}", () => {
  it("recommends deals like the ones the signed-in customer viewed, and only to that customer", async () => {
    const shopper = new TestBrowser(app, { ip: "203.0.113.50" });
    expect((await shopper.api("POST", "/v1/register", { firstName: "Rita", lastName: "Reed", email: "rita@example.com", password: "correct horse" })).status).toBe(201);
    const session = await shopper.api<{ customerToken: string }>("GET", "/v1/user/session");
    const token = session.body.customerToken;
    // View a deal of a London sub-category that has other deals too.
    type Facets = { facetedNavigation: { navigations: { url: string; count: number }[] } };
    const biggest = (listing: Facets) => [...listing.facetedNavigation.navigations].sort((a, b) => b.count - a.count)[0];
    const category = biggest((await get("/v1/product-listing-page-deal?path=/deals/london")).body);
    const subCategory = biggest((await get(`/v1/product-listing-page-deal?path=${category.url}`)).body);
    expect(subCategory.count).toBeGreaterThan(1);
    const { body: listing } = await get(`/v1/product-listing-page-deal?path=${subCategory.url}`);
    const viewed = listing.mainDeal;
    expect((await shopper.api("POST", "/v1/recently-viewed", { dealId: viewed.id })).status).toBe(204);

    const first = await shopper.api<{ deals: { id: number; urlPath: string }[]; total: number; pageSize: number }>(
      "GET",
      `/v1/product-listing-page-deal/recommendations/ct/${token}`,
    );
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect(first.body.pageSize).toBe(25);
    expect(first.body.deals).toHaveLength(25);
    expect(first.body.total).toBe(40);
    const ids = first.body.deals.map((deal) => deal.id);
    expect(ids).not.toContain(viewed.id);
    // The viewed deal's sub-category leads: /deal/{segment}/{category}/{subCategory}/…
    const subCategoryOf = (urlPath: string) => urlPath.split("/").slice(3, 5).join("/");
    expect(subCategoryOf(first.body.deals[0].urlPath)).toBe(subCategoryOf(viewed.urlPath));
    const second = await shopper.api<{ deals: { id: number }[] }>("GET", `/v1/product-listing-page-deal/recommendations/ct/${token}?page=1`);
    expect(second.body.deals).toHaveLength(15);
    expect(second.body.deals.some((deal) => ids.includes(deal.id))).toBe(false);

    expect((await get(`/v1/product-listing-page-deal/recommendations/ct/${token}`)).status).toBe(404);
    expect((await shopper.api("GET", "/v1/product-listing-page-deal/recommendations/ct/someone-else")).status).toBe(404);
  });
});

describe("GET /v1/product-listing-page-deal/live", () => {
  it("answers like the listing, uncached, and sees a change at once", async () => {
    const path = encodeURIComponent("/deals/vip");
    const cached = await get(`/v1/product-listing-page-deal?path=${path}`);
    const live = await get(`/v1/product-listing-page-deal/live?path=${path}`);
    expect(live.status).toBe(200);
    expect(live.headers.get("cache-control")).toBe("private, no-store");
    expect(live.body.deals).toEqual(cached.body.deals);
    expect(live.body.total).toBe(cached.body.total);

    // A deal leaves the catalogue: the live listing no longer shows or counts it.
    const gone = cached.body.mainDeal.id;
    await database.db.update(deals).set({ published: false }).where(eq(deals.id, gone));
    const after = await get(`/v1/product-listing-page-deal/live?path=${path}`);
    expect(after.body.mainDeal.id).not.toBe(gone);
    expect(after.body.total).toBe(cached.body.total - 1);
    expect((await get("/v1/product-listing-page-deal/live")).body.error.message).toBe("Url Path is required to use getDeals");
  });
});
