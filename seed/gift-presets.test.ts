import { eq, inArray, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRANDS } from "../lib/brand";
import { fixedClock } from "../lib/clock";
import { getDealPage } from "../modules/catalog/deal-detail/get-deal";
import { findDealTiles } from "../modules/catalog/deal-lookup";
import { findGiftPresets } from "../modules/catalog/gift-presets";
import { queryDealTiles, scopeCondition } from "../modules/catalog/listing/deal-query";
import { parseListingPath } from "../modules/catalog/rules/listing-path";
import { deals, products } from "../modules/catalog/schema";
import { sitemapDealPaths } from "../modules/catalog/sitemap";
import { reindexDeals } from "../modules/search/index-deals";
import { searchDeals } from "../modules/search/search-deals";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-db";
import { queryRows } from "../db/query-rows";
import { GIFT_PRESET_DEFINITIONS, GIFT_PRESET_STOCK, ensureGiftPresets } from "./gift-presets";
import { DEFAULT_SEED_NOW, seedCatalogue } from "./index";

let database: TestDatabase;
const now = DEFAULT_SEED_NOW;
const presetDealIds = GIFT_PRESET_DEFINITIONS.map((preset) => preset.dealId);

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalogue(database.db, { deals: 40, seed: 5, now });
}, 120_000);

afterAll(() => database.dispose());

describe("gift wrap and gift pack presets", () => {
  it("are seeded with the catalogue: the spec's wrap ids, both packs, in pounds and in euros, priced and stocked", async () => {
    const rows = await database.db
      .select({ id: deals.id, countryCode: deals.countryCode, currency: deals.currency, preset: deals.giftPreset, deliveryType: deals.deliveryType, published: deals.published, productId: products.id, price: products.price, stock: products.totalRemaining })
      .from(deals)
      .innerJoin(products, eq(products.dealId, deals.id))
      .where(isNotNull(deals.giftPreset))
      .orderBy(deals.id);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toEqual({ id: 16172264, countryCode: "GB", currency: "GBP", preset: "WRAPPED", deliveryType: "standard", published: false, productId: 2440914, price: 299, stock: GIFT_PRESET_STOCK });
    expect(rows.filter((row) => row.countryCode === "IE").every((row) => row.currency === "EUR")).toBe(true);
    expect(rows.every((row) => row.deliveryType !== "none")).toBe(true);
    const gb = await findGiftPresets(database.db, "GB");
    expect([...gb.keys()]).toEqual(expect.arrayContaining(["WRAPPED", "NEXT_DAY_GIFT_PACK", "STANDARD_DELIVERY_GIFT_PACK"]));
    expect(gb.get("NEXT_DAY_GIFT_PACK")).toMatchObject({ dealId: 16172265, productId: 2440915, title: "Next-Day Gift Pack", price: 699 });
  });

  it("are added once to a database seeded before they existed, and never twice", async () => {
    expect(await ensureGiftPresets(database.db)).toBe(0);
    await database.db.delete(deals).where(inArray(deals.id, [16172265, 16172269]));
    expect(await ensureGiftPresets(database.db)).toBe(2);
    expect(await database.db.$count(deals, isNotNull(deals.giftPreset))).toBe(6);
  });

  it("never show in listings, search, sitemaps, deal tiles or deal pages", async () => {
    for (const countryCode of ["GB", "IE"] as const) {
      const listed = await queryDealTiles(database.db, scopeCondition({ countryCode }, now), { sort: "popularity", offset: 0, limit: 1000 });
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.some((tile) => presetDealIds.includes(tile.id))).toBe(false);
    }
    await reindexDeals(database.db, presetDealIds, fixedClock(now));
    const indexed = await queryRows<{ total: number }>(database.db, sql`select count(*)::int as total from search_documents where deal_id = any(${sql.param(presetDealIds)}::int[])`);
    expect(indexed[0].total).toBe(0);
    const found = await searchDeals(database.db, fixedClock(now), { countryCode: "GB", location: "london", q: "gift wrap" });
    expect(found.deals.some((tile) => presetDealIds.includes(tile.id))).toBe(false);
    expect((await sitemapDealPaths(database.db, BRANDS.wowcher, now, 1)).some((path) => path.includes("16172264"))).toBe(false);
    expect(await findDealTiles(database.db, presetDealIds, { countryCode: "GB" })).toEqual([]);
    const path = "/deal/shop/gifts/gift-sets/16172264/gift-wrap";
    const { target } = parseListingPath(path);
    if (target.kind !== "deal") throw new Error("not a deal path");
    await expect(
      getDealPage(database.db, { brand: BRANDS.wowcher, now, target, arrival: { pathname: path, searchParams: new URLSearchParams() }, previewToken: null }),
    ).rejects.toMatchObject({ code: "DEAL_NOT_FOUND" });
  });
});
