import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock";
import { SEARCH_NOW, type SearchCatalogue, insertCampaign, insertSearchCatalogue } from "../../tests/support/search-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { SPONSORED_SLOTS, type SearchRequest, searchDeals } from "../search/search-deals";
import { campaignDailyStats } from "./campaign-stats";
import { SponsoredError } from "./errors";
import { recordSponsoredEvents } from "./record-events";
import { ensureSearchSession } from "./search-session";

let database: TestDatabase;
let catalogue: SearchCatalogue;
const clock = fixedClock(SEARCH_NOW);
const TODAY = "2026-11-21";

beforeAll(async () => {
  database = await createTestDatabase();
  catalogue = await insertSearchCatalogue(database.db);
  // A restaurant pays to appear when shoppers search for "spa"; a spa deal targets its category.
  await insertCampaign(database.db, { adId: "ad-steak", dealId: catalogue.deals.londonSteak.id, keywords: ["spa"], bid: 80 });
  await insertCampaign(database.db, {
    adId: "ad-luxury",
    dealId: catalogue.deals.luxurySpa.id,
    categoryIds: [catalogue.basics.spa.id],
    bid: 40,
  });
  await insertCampaign(database.db, { adId: "ad-expired", dealId: catalogue.deals.cityBreak.id, keywords: ["spa"], bid: 500, endsAt: new Date("2026-11-01T00:00:00Z") });
  await insertCampaign(database.db, { adId: "ad-paused", dealId: catalogue.deals.cityBreak.id, keywords: ["spa"], bid: 400, active: false });
  await insertCampaign(database.db, { adId: "ad-dublin", dealId: catalogue.deals.dublinSpa.id, keywords: ["spa"], bid: 300 });
});

afterAll(() => database.dispose());

function search(request: Partial<SearchRequest>) {
  return searchDeals(database.db, clock, { countryCode: "GB", location: "london", q: "spa", ...request });
}

const sponsoredPositions = (results: Awaited<ReturnType<typeof search>>) =>
  results.sponsored.map((entry) => results.deals.findIndex((deal) => deal.id === entry.id));

const newSession = () => ensureSearchSession(database.db, clock, { customerToken: null, sessionId: null });

describe("sponsored placements in search", () => {
  it("fills the slots with the highest bids among running campaigns of the brand's market", async () => {
    const results = await search({});
    expect(results.sponsored).toEqual([
      { id: catalogue.deals.londonSteak.id, adId: "ad-steak" },
      { id: catalogue.deals.luxurySpa.id, adId: "ad-luxury" },
    ]);
    // Slot 0 and slot 4; with only two organic results left, the second goes last (position 3).
    expect(SPONSORED_SLOTS).toEqual([0, 4]);
    expect(sponsoredPositions(results)).toEqual([0, 3]);
    expect(results.deals).toHaveLength(4);
    // Shown once: the sponsored spa deal is not repeated among the organic results of the page.
    expect(results.deals.filter((d) => d.id === catalogue.deals.luxurySpa.id)).toHaveLength(1);
  });

  it("keeps the same sponsored deals in the same slots when the shopper sorts", async () => {
    const relevance = await search({});
    for (const orderBy of ["pricelow", "price", "popularity", "recentlyAdded", "discountPercentage"] as const) {
      const sorted = await search({ orderBy, order: "asc" });
      expect(sorted.sponsored).toEqual(relevance.sponsored);
      expect(sponsoredPositions(sorted)).toEqual(sponsoredPositions(relevance));
    }
    // The organic order did change, so the test would notice slots moving with it.
    const low = await search({ orderBy: "popularity", order: "asc" });
    expect(low.deals.map((d) => d.id)).not.toEqual(relevance.deals.map((d) => d.id));
  });

  it("shows sponsored deals on the first page only and not for unrelated searches", async () => {
    expect((await search({ page: 2, pageSize: 1 })).sponsored).toEqual([]);
    expect((await search({ q: "manchester city break" })).sponsored).toEqual([]);
  });

  it("respects the shopper's filters", async () => {
    const cheap = await search({ maxPrice: 3000 });
    expect(cheap.sponsored).toEqual([]);
  });

  it("shows an Irish campaign to Irish shoppers only", async () => {
    const irish = await searchDeals(database.db, clock, { countryCode: "IE", location: "dublin", q: "spa" });
    expect(irish.sponsored).toEqual([{ id: catalogue.deals.dublinSpa.id, adId: "ad-dublin" }]);
  });
});

describe("sponsored impressions and clicks", () => {
  it("counts an impression once per session, however often it is reported", async () => {
    const first = await newSession();
    const second = await newSession();
    const shown = { adIds: ["ad-luxury"], dealIds: [catalogue.deals.luxurySpa.id], type: "impression" as const };
    expect(await recordSponsoredEvents(database.db, clock, { ...shown, sessionId: first })).toEqual({ recorded: 1 });
    expect(await recordSponsoredEvents(database.db, clock, { ...shown, sessionId: first })).toEqual({ recorded: 0 });
    await recordSponsoredEvents(database.db, clock, { ...shown, sessionId: second });
    expect(await campaignDailyStats(database.db, "ad-luxury", TODAY)).toMatchObject({ impressions: 2, clicks: 0, spend: 0 });
  });

  it("stops showing a campaign once its clicks have spent the day's budget", async () => {
    await insertCampaign(database.db, {
      adId: "ad-budget",
      dealId: catalogue.deals.manchesterDinner.id,
      keywords: ["italian"],
      bid: 60,
      dailyBudget: 100,
    });
    const click = (sessionId: string) =>
      recordSponsoredEvents(database.db, clock, {
        adIds: ["ad-budget"],
        dealIds: [catalogue.deals.manchesterDinner.id],
        sessionId,
        type: "click",
      });
    expect((await search({ q: "italian" })).sponsored).toEqual([{ id: catalogue.deals.manchesterDinner.id, adId: "ad-budget" }]);
    await click(await newSession());
    expect((await search({ q: "italian" })).sponsored).toHaveLength(1);
    await click(await newSession());
    expect(await campaignDailyStats(database.db, "ad-budget", TODAY)).toMatchObject({ clicks: 2, spend: 100 });
    expect((await search({ q: "italian" })).sponsored).toEqual([]);
    // The organic result is still there; only the paid slot is gone. Tomorrow the budget is fresh.
    expect((await search({ q: "italian" })).deals.map((d) => d.id)).toEqual([catalogue.deals.manchesterDinner.id]);
    const tomorrow = await searchDeals(database.db, fixedClock("2026-11-22T09:00:00Z"), { countryCode: "GB", location: "london", q: "italian" });
    expect(tomorrow.sponsored).toHaveLength(1);
  });

  it("rejects a deal that was not sponsored under that ad: 'no sponsored deal entry for: {id}'", async () => {
    const sessionId = await newSession();
    const error = await recordSponsoredEvents(database.db, clock, {
      adIds: ["ad-steak", "ad-luxury"],
      dealIds: [catalogue.deals.londonSteak.id, catalogue.deals.exactSpa.id],
      sessionId,
      type: "impression",
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SponsoredError);
    expect((error as Error).message).toBe(`no sponsored deal entry for: ${catalogue.deals.exactSpa.id}`);
    // Nothing was written for the valid pair either.
    expect(await campaignDailyStats(database.db, "ad-steak", TODAY)).toMatchObject({ impressions: 0 });
  });

  it("needs a session created first", async () => {
    await expect(
      recordSponsoredEvents(database.db, clock, { adIds: ["ad-steak"], dealIds: [catalogue.deals.londonSteak.id], sessionId: "nope", type: "click" }),
    ).rejects.toMatchObject({ code: "SEARCH_SESSION_NOT_FOUND" });
  });
});

describe("search sessions", () => {
  it("creates a session on demand and keeps a known one, linking the customer when they sign in", async () => {
    const id = await ensureSearchSession(database.db, clock, { customerToken: null, sessionId: null });
    expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await ensureSearchSession(database.db, clock, { customerToken: "ct-1", sessionId: id })).toBe(id);
    expect(await ensureSearchSession(database.db, clock, { customerToken: null, sessionId: "forged" })).not.toBe("forged");
  });

  it("fails with 'user object was not passed' without one", async () => {
    await expect(ensureSearchSession(database.db, clock, undefined)).rejects.toThrow("user object was not passed");
    await expect(ensureSearchSession(database.db, clock, null)).rejects.toThrow("user object was not passed");
  });
});
