import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRANDS } from "../../../lib/brand";
import { fixedClock } from "../../../lib/clock";
import { insertCatalogBasics, insertDeal, insertMoreCategories } from "../../../tests/support/catalog-fixtures";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { listDealPageDeals } from "../listing/list-deal-page-deals";
import { parseListingPath } from "../rules/listing-path";
import { dealPreviewTokens, deals, merchantAddresses, products, reviews } from "../schema";
import { type DealRequest, getDealPage } from "./get-deal";
import { recentSales, recordDealSale } from "./sales";

let database: TestDatabase;
const now = fixedClock("2026-11-21T15:00:00Z").now();
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
let spaDeal: typeof deals.$inferSelect;

function request(url: string, overrides: Partial<DealRequest> = {}): DealRequest {
  const parsed = new URL(url, "https://www.wowcher.co.uk");
  const { target } = parseListingPath(parsed.pathname);
  if (target.kind !== "deal") throw new Error("not a deal path");
  return {
    brand: BRANDS.wowcher,
    now,
    target,
    arrival: { pathname: parsed.pathname, searchParams: parsed.searchParams },
    previewToken: parsed.searchParams.get("dealPreview"),
    ...overrides,
  };
}

const open = (url: string, overrides: Partial<DealRequest> = {}) => getDealPage(database.db, request(url, overrides));
const pathOf = (id: number, blurb = "x") => `/deal/london/beauty/spa/${id}/${blurb}`;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  basics = await insertCatalogBasics(db);
  spaDeal = await insertDeal(db, basics, { headline: "Spa day for two", urlPath: "/deal/london/beauty/spa/1/spa-day", reviewCount: 2, reviewAverage: 4.5 });
  await db.update(deals).set({ urlPath: `/deal/london/beauty/spa/${spaDeal.id}/spa-day` }).where(eq(deals.id, spaDeal.id));
  await db.insert(products).values({ dealId: spaDeal.id, friendlyName: "Spa day for four", price: 3500, originalPrice: 8000, adminFee: 199, sortOrder: 1 });
  await db.insert(products).values({ dealId: spaDeal.id, friendlyName: "Withdrawn", price: 100, originalPrice: 200, visible: false });
  await db.insert(merchantAddresses).values([
    { merchantId: basics.merchant.id, isMain: false, addressLine1: "2 Side St", town: "London", postCode: "N1 1AA", lat: 51.53, lon: -0.1 },
    { merchantId: basics.merchant.id, isMain: true, addressLine1: "1 High St", town: "London", postCode: "W1D 1AA", lat: 51.51, lon: -0.13 },
  ]);
  await db.insert(reviews).values([
    { dealId: spaDeal.id, rating: 5, authorName: "Ann B.", body: "Lovely.", createdAt: new Date("2026-10-01T10:00:00Z") },
    { dealId: spaDeal.id, rating: 4, authorName: "Cat D.", body: "Good.", createdAt: new Date("2026-11-01T10:00:00Z") },
  ]);
});

afterAll(() => database.dispose());

describe("getDealPage", () => {
  it("shows a deal with its visible products, addresses and latest reviews", async () => {
    const page = await open(`/deal/london/beauty/spa/${spaDeal.id}/spa-day`);
    expect(page.deal).toMatchObject({ id: spaDeal.id, headline: "Spa day for two", currency: "GBP", price: 1900, discount: 2600 });
    expect(page.deal.products.map((p) => p.friendlyName)).toEqual(["Spa day for one", "Spa day for four"]);
    expect(page.deal.products[1]).toMatchObject({ price: 3500, totalPrice: 3699, discountPercentage: 56 });
    expect(page.deal.business.mainAddress).toMatchObject({ addressLine1: "1 High St", latLon: { lat: 51.51, lon: -0.13 } });
    expect(page.deal.business.otherAddresses.map((a) => a.addressLine1)).toEqual(["2 Side St"]);
    expect(page.deal.reviews.map((r) => r.authorName)).toEqual(["Cat D.", "Ann B."]);
    expect(page.deal.reviewSummary).toEqual({ average: 4.5, count: 2 });
    expect(page.availability).toEqual({ buyable: true, reason: null, message: null });
    expect(page.canonicalUrl).toBe(`/deal/london/beauty/spa/${spaDeal.id}/spa-day`);
    expect(page.redirectUrl).toBeNull();
    expect(page.robots).toBe("INDEX, FOLLOW");
  });

  it("selects the product named in the path and redirects a foreign one", async () => {
    const productId = (await open(pathOf(spaDeal.id))).deal.products[1].id;
    expect((await open(`/deal/london/beauty/spa/${spaDeal.id}/${productId}/spa-day`)).selectedProductId).toBe(productId);
    const foreign = await open(`/deal/london/beauty/spa/${spaDeal.id}/999999/spa-day`);
    expect(foreign.redirectUrl).toBe(`/deal/london/beauty/spa/${spaDeal.id}/spa-day`);
  });

  it("moves a deal reached under the wrong location or category to its own path", async () => {
    expect((await open(`/deal/manchester/beauty/spa/${spaDeal.id}`)).redirectUrl).toBe(`/deal/london/beauty/spa/${spaDeal.id}/spa-day`);
  });

  it("is not found when unknown, in another market or unpublished", async () => {
    await expect(open(pathOf(99999999))).rejects.toThrow("Page not found");
    await expect(open(pathOf(spaDeal.id), { brand: BRANDS.wowcherie })).rejects.toThrow("Page not found");
    const hidden = await insertDeal(database.db, basics, { published: false });
    await expect(open(pathOf(hidden.id))).rejects.toThrow("Page not found");
  });

  it("shows an unpublished deal with a valid preview token, never indexed", async () => {
    const hidden = await insertDeal(database.db, basics, { published: false });
    await database.db.insert(dealPreviewTokens).values([
      { token: "preview-token-0123456789", dealId: hidden.id, expiresAt: new Date("2026-12-01T00:00:00Z") },
      { token: "expired-token-0123456789", dealId: hidden.id, expiresAt: new Date("2026-11-01T00:00:00Z") },
    ]);
    const page = await open(`${pathOf(hidden.id)}?dealPreview=preview-token-0123456789`);
    expect(page.preview).toBe(true);
    expect(page.robots).toBe("NOINDEX, NOFOLLOW");
    await expect(open(`${pathOf(hidden.id)}?dealPreview=expired-token-0123456789`)).rejects.toThrow("Page not found");
    await expect(open(`${pathOf(spaDeal.id)}?dealPreview=preview-token-0123456789`)).resolves.toMatchObject({ preview: false });
  });

  it("finds the newest open deal behind an evergreen path", async () => {
    await insertDeal(database.db, basics, { headline: "Old evergreen", evergreenSlug: "spa-day", createdAt: new Date("2026-01-01T00:00:00Z") });
    const newer = await insertDeal(database.db, basics, { headline: "New evergreen", evergreenSlug: "spa-day", createdAt: new Date("2026-06-01T00:00:00Z") });
    const page = await open("/deal/london/beauty/spa/e/spa-day");
    expect(page.deal.id).toBe(newer.id);
    expect(page.canonicalUrl).toBe("/deal/london/beauty/spa/e/spa-day");
    await expect(open("/deal/london/beauty/spa/e/nothing-here")).rejects.toThrow("Page not found");
  });

  it("shows a sold-out deal as unavailable", async () => {
    const soldOut = await insertDeal(database.db, basics, { soldOut: true });
    expect((await open(pathOf(soldOut.id))).availability).toEqual({ buyable: false, reason: "SOLD_OUT", message: "Sorry, this deal has sold out" });
  });

  it("shows an ended deal as unavailable, unless it is last chance and the visitor came from search", async () => {
    const ended = await insertDeal(database.db, basics, { closingDate: new Date("2026-11-10T00:00:00Z") });
    const page = await open(pathOf(ended.id));
    expect(page.availability.reason).toBe("CLOSED");
    expect(page.robots).toBe("NOINDEX, NOFOLLOW");
    const lastChance = await insertDeal(database.db, basics, { closingDate: new Date("2026-11-10T00:00:00Z"), lastChance: true });
    expect((await open(pathOf(lastChance.id))).availability.buyable).toBe(false);
    expect((await open(`${pathOf(lastChance.id)}?usr_src=search`)).availability.buyable).toBe(true);
  });

  it("reaches the daily cap from recorded sales", async () => {
    const capped = await insertDeal(database.db, basics, { dailyCap: 5 });
    const productId = (await open(pathOf(capped.id))).deal.products[0].id;
    await recordDealSale(database.db, { dealId: capped.id, productId, units: 3, at: new Date("2026-11-21T09:10:00Z") });
    expect((await open(pathOf(capped.id))).deal.totalRemainingForDay).toBe(2);
    // Yesterday's sales do not count against today's cap.
    await recordDealSale(database.db, { dealId: capped.id, productId, units: 9, at: new Date("2026-11-20T23:10:00Z") });
    await recordDealSale(database.db, { dealId: capped.id, productId, units: 2, at: new Date("2026-11-21T14:59:00Z") });
    const page = await open(pathOf(capped.id));
    expect(page.deal.dailyPurchaseCapReached).toBe(true);
    expect(page.availability.reason).toBe("CAP_REACHED");
  });
});

describe("sales", () => {
  it("counts units of the last 6, 12 and 24 hours", async () => {
    const deal = await insertDeal(database.db, basics, {});
    const productId = (await open(pathOf(deal.id))).deal.products[0].id;
    const at = (iso: string, units: number) => recordDealSale(database.db, { dealId: deal.id, productId, units, at: new Date(iso) });
    await at("2026-11-21T14:30:00Z", 2); // this hour
    await at("2026-11-21T10:05:00Z", 3); // 5 hours ago
    await at("2026-11-21T05:00:00Z", 4); // 10 hours ago
    await at("2026-11-20T17:00:00Z", 5); // 22 hours ago
    await at("2026-11-20T10:00:00Z", 6); // 29 hours ago: outside
    expect(await recentSales(database.db, deal.id, now)).toEqual({ lastSixHours: 5, lastTwelveHours: 9, lastTwentyFourHours: 14 });
  });

  it("rejects a sale of no units", async () => {
    await expect(recordDealSale(database.db, { dealId: spaDeal.id, productId: 1, units: 0, at: now })).rejects.toThrow(RangeError);
  });
});

describe("listDealPageDeals", () => {
  it("shows 5 side deals, 6 when the deal is sold out, and continues in pages of 9", async () => {
    const many = await Promise.all(Array.from({ length: 20 }, (_, i) => insertDeal(database.db, basics, { totalBought: 1000 - i })));
    const input = { brand: BRANDS.wowcher, now, deal: { id: spaDeal.id, dealType: "local" as const, soldOut: false, locationId: 275850, categoryId: basics.beauty.id } };
    const first = await listDealPageDeals(database.db, { ...input, page: 1 });
    expect(first.sideDeals.map((d) => d.id)).toEqual(many.slice(0, 5).map((d) => d.id));
    expect(first.deals).toHaveLength(9);
    expect(first.deals.map((d) => d.id)).not.toContain(spaDeal.id);
    const soldOut = await listDealPageDeals(database.db, { ...input, deal: { ...input.deal, soldOut: true }, page: 1 });
    expect(soldOut.sideDeals).toHaveLength(6);
    const second = await listDealPageDeals(database.db, { ...input, page: 2 });
    expect(second.deals[0].id).toBe(many[14].id);
  });

  it("has no side deals for travel", async () => {
    const more = await insertMoreCategories(database.db, basics);
    const travel = { id: 1, dealType: "travel" as const, soldOut: false, locationId: null, categoryId: more.breaks.id };
    expect((await listDealPageDeals(database.db, { brand: BRANDS.wowcher, now, deal: travel, page: 1 })).sideDeals).toEqual([]);
  });
});
