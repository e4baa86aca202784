import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deals } from "../catalog/schema";
import { recentlyViewedDeals } from "../recently-viewed/schema";
import { insertCustomer, insertPastPurchase, insertSellable } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics, insertMoreCategories } from "../../tests/support/catalog-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { computeRecommendations } from "./compute";
import { scoreItemToItem } from "./item-to-item";
import { dealRecommendations } from "./schema";
import { listBuyAgain, recommendForCustomer, recommendFromDeals } from "./serve";

const now = new Date("2026-11-21T12:00:00Z");
const LONDON = 275850;
const MANCHESTER = 275851;
let database: TestDatabase;
type Sellable = Awaited<ReturnType<typeof insertSellable>>;
let spa: Sellable;
let dinner: Sellable;
let massage: Sellable;
let headphones: Sellable;
let popularSpa: Sellable;
let lonely: Sellable;
let manchesterSpa: Sellable;
const customers: Awaited<ReturnType<typeof insertCustomer>>[] = [];

async function bought(customer: { id: number }, item: Sellable, daysAgo: number) {
  await insertPastPurchase(database.db, { customerId: customer.id, dealId: item.deal.id, productId: item.product.id, quantity: 1, at: new Date(now.getTime() - daysAgo * 86_400_000) });
}

const ask = (seedDealIds: number[], limit = 10, locationId = LONDON) => recommendFromDeals(database.db, { countryCode: "GB", now, locationId, seedDealIds, limit });

beforeAll(async () => {
  database = await createTestDatabase();
  const basics = await insertCatalogBasics(database.db);
  const more = await insertMoreCategories(database.db, basics);
  spa = await insertSellable(database.db, basics, { deal: { headline: "Spa day", totalBought: 10 } });
  dinner = await insertSellable(database.db, basics, { deal: { headline: "Dinner for two", totalBought: 5, subCategoryId: more.massage.id } });
  massage = await insertSellable(database.db, basics, { deal: { headline: "Massage", totalBought: 8, subCategoryId: more.massage.id } });
  headphones = await insertSellable(database.db, basics, { deal: { headline: "Headphones", dealType: "national", locationId: null, categoryId: more.electricals.id, subCategoryId: more.audio.id, totalBought: 3 } });
  popularSpa = await insertSellable(database.db, basics, { deal: { headline: "Most popular spa", totalBought: 900 } });
  lonely = await insertSellable(database.db, basics, { deal: { headline: "Nobody else bought this", totalBought: 1, categoryId: more.electricals.id, subCategoryId: more.audio.id, dealType: "national", locationId: null } });
  manchesterSpa = await insertSellable(database.db, basics, { deal: { headline: "Manchester spa", locationId: MANCHESTER, totalBought: 50 } });
  for (let i = 0; i < 5; i++) customers.push(await insertCustomer(database.db));
  const [ann, bob, cat, dan, eve] = customers;
  // Spa day goes with dinner (three shoppers), with massage once, with Manchester spa twice.
  await bought(ann, spa, 60);
  await bought(ann, dinner, 50);
  await bought(bob, spa, 60);
  await bought(bob, dinner, 40);
  await bought(cat, spa, 90);
  await bought(cat, dinner, 80);
  await bought(cat, massage, 70);
  await bought(dan, spa, 30);
  await bought(dan, manchesterSpa, 20);
  await bought(eve, spa, 30);
  await bought(eve, manchesterSpa, 20);
  // Views: someone looked at headphones after the spa day.
  await database.db.insert(recentlyViewedDeals).values({ visitorId: "guest-1", locationType: "local", dealId: spa.deal.id, viewedAt: now });
  await database.db.insert(recentlyViewedDeals).values({ visitorId: "guest-1", locationType: "national", dealId: headphones.deal.id, viewedAt: now });
  await computeRecommendations(database.db, { now });
}, 60_000);

afterAll(() => database?.dispose());

describe("item-to-item scoring", () => {
  it("ranks the deal most shoppers bought together first and counts views for less than purchases", () => {
    const scored = scoreItemToItem([
      { purchased: [1, 2], viewed: [] },
      { purchased: [1, 2], viewed: [] },
      { purchased: [1, 3], viewed: [] },
      { purchased: [1], viewed: [4] },
      { purchased: [1], viewed: [4] },
    ]);
    const fromOne = scored.get(1)!;
    expect(fromOne.map((neighbour) => neighbour.dealId)).toEqual([2, 3, 4]);
    expect(fromOne[0]).toMatchObject({ dealId: 2, source: "co_purchase" });
    expect(fromOne.find((neighbour) => neighbour.dealId === 4)).toMatchObject({ source: "co_view" });
    expect(fromOne.find((neighbour) => neighbour.dealId === 2)!.score).toBeGreaterThan(fromOne.find((neighbour) => neighbour.dealId === 3)!.score);
  });
});

describe("the recommendations job and serving", () => {
  it("stores co-purchase pairs ranked by how many shoppers share them", async () => {
    const rows = await database.db.select().from(dealRecommendations).where(eq(dealRecommendations.dealId, spa.deal.id));
    const score = (id: number) => rows.find((row) => row.recommendedDealId === id)?.score ?? 0;
    expect(score(dinner.deal.id)).toBeGreaterThan(score(massage.deal.id));
    expect(rows.find((row) => row.recommendedDealId === headphones.deal.id)?.source).toBe("co_view");
    const served = await ask([spa.deal.id], 3);
    expect(served.deals[0].id).toBe(dinner.deal.id);
    expect(served.origins[0]).toBe("item_to_item");
  });

  it("never serves the seed itself, a local deal of another location, or a sold-out deal", async () => {
    const served = await ask([spa.deal.id]);
    const ids = served.deals.map((deal) => deal.id);
    expect(ids).not.toContain(spa.deal.id);
    expect(ids).not.toContain(manchesterSpa.deal.id);
    await database.db.update(deals).set({ soldOut: true }).where(eq(deals.id, dinner.deal.id));
    try {
      const afterSellOut = (await ask([spa.deal.id])).deals.map((deal) => deal.id);
      expect(afterSellOut).not.toContain(dinner.deal.id);
      expect(afterSellOut).toContain(massage.deal.id);
    } finally {
      await database.db.update(deals).set({ soldOut: false }).where(eq(deals.id, dinner.deal.id));
    }
  });

  it("falls back to the most popular deals of the seed's category, then of the location", async () => {
    const served = await ask([lonely.deal.id], 10);
    // The lonely deal (electricals) has no pairs: its category's popular deal first, then the location's.
    expect(served.origins[0]).toBe("popular_in_category");
    expect(served.deals[0].id).toBe(headphones.deal.id);
    const location = served.deals.filter((_, index) => served.origins[index] === "popular_in_location").map((deal) => deal.id);
    expect(location[0]).toBe(popularSpa.deal.id);
    expect(location).not.toContain(manchesterSpa.deal.id);
    // With no seed at all: popularity in the location.
    const cold = await ask([], 2);
    expect(cold.deals.map((deal) => deal.id)).toEqual([popularSpa.deal.id, spa.deal.id]);
  });

  it("Buy again shows only the signed-in customer's own purchases, most recent first, and not sold-out ones", async () => {
    const [ann, , cat] = customers;
    const mine = await listBuyAgain(database.db, { customerId: cat.id, countryCode: "GB", now, locationId: LONDON, page: 0, pageSize: 10 });
    expect(mine.deals.map((deal) => deal.id)).toEqual([massage.deal.id, dinner.deal.id, spa.deal.id]);
    expect(mine.total).toBe(3);
    const anns = await listBuyAgain(database.db, { customerId: ann.id, countryCode: "GB", now, locationId: LONDON, page: 0, pageSize: 10 });
    expect(anns.deals.map((deal) => deal.id)).toEqual([dinner.deal.id, spa.deal.id]);
    await database.db.update(deals).set({ soldOut: true }).where(eq(deals.id, dinner.deal.id));
    try {
      expect((await listBuyAgain(database.db, { customerId: ann.id, countryCode: "GB", now, locationId: LONDON, page: 0, pageSize: 10 })).deals.map((deal) => deal.id)).toEqual([spa.deal.id]);
    } finally {
      await database.db.update(deals).set({ soldOut: false }).where(eq(deals.id, dinner.deal.id));
    }
  });

  it("recommends from aggregates only: the table names deals, never shoppers, and a customer is not shown what they bought", async () => {
    const columns = Object.keys((await database.db.select().from(dealRecommendations).limit(1))[0]);
    expect(columns.sort()).toEqual(["computedAt", "dealId", "recommendedDealId", "score", "source"]);
    const [ann] = customers;
    const fresh = await insertCustomer(database.db);
    await bought(fresh, spa, 5);
    const forFresh = await recommendForCustomer(database.db, { countryCode: "GB", now, locationId: LONDON, customerId: fresh.id, seenDealIds: [], page: 0, pageSize: 25, limit: 40 });
    expect(forFresh.deals[0].id).toBe(dinner.deal.id);
    expect(forFresh.deals.map((deal) => deal.id)).not.toContain(spa.deal.id);
    const forAnn = await recommendForCustomer(database.db, { countryCode: "GB", now, locationId: LONDON, customerId: ann.id, seenDealIds: [], page: 0, pageSize: 25, limit: 40 });
    expect(forAnn.deals.map((deal) => deal.id)).not.toContain(dinner.deal.id);
  });
});
