import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discountPercentage } from "../lib/money";
import { dealPreviewTokens, dealSalesHourly, dealTags, deals, locations, navigationItems, products, reviews } from "../modules/catalog/schema";
import { contentPages } from "../modules/content/schema";
import { type TestDatabase, createTestDatabase } from "../tests/support/test-db";
import type { Db } from "../db/client";
import { queryRows } from "../db/query-rows";
import { LOCATIONS } from "./data/locations";
import { type SeedSummary, seedCatalogue } from "./index";
import { MIN_LOCAL_DEALS_PER_LOCATION, planDealTypes, planLocationQuotas } from "./plan";
import { blurb } from "./text";

const DEALS = 120;
const URL_PATH = /^\/deal\/([a-z0-9-]+)\/([a-z0-9-]+)\/([a-z0-9-]+)\/(\d+)\/([a-z0-9-]{1,60})$/;

async function fingerprint(db: Db): Promise<string[]> {
  const rows = await db
    .select({ headline: deals.headline, price: deals.price, originalPrice: deals.originalPrice })
    .from(deals)
    .orderBy(asc(deals.id));
  return rows.map((row) => `${row.headline}|${row.price}|${row.originalPrice}`);
}

describe("seedCatalogue", () => {
  const opened: TestDatabase[] = [];
  let db: Db;
  let summary: SeedSummary;

  async function fresh(): Promise<TestDatabase> {
    const database = await createTestDatabase();
    opened.push(database);
    return database;
  }

  beforeAll(async () => {
    db = (await fresh()).db;
    summary = await seedCatalogue(db, { deals: DEALS, seed: 7 });
  });

  afterAll(async () => {
    await Promise.all(opened.map((database) => database.dispose()));
  });

  it("reports what it inserted", async () => {
    expect(summary.deals).toBe(DEALS);
    expect(summary.giftPresets).toBe(6);
    expect(await db.$count(deals)).toBe(DEALS + summary.giftPresets);
    expect(await db.$count(products)).toBe(summary.products + summary.giftPresets);
  });

  it("leaves planner statistics behind, so the first queries on a fresh catalogue use the right indexes", async () => {
    const rows = await queryRows<{ relname: string; reltuples: number }>(
      db,
      sql`select relname, reltuples from pg_class where relname in ('deals', 'products') order by relname`,
    );
    // reltuples is -1 until a table is vacuumed or analysed.
    expect(rows.map((row) => [row.relname, Number(row.reltuples)])).toEqual([
      ["deals", DEALS],
      ["products", summary.products],
    ]);
  });

  it("creates the UK and Irish locations, including the brands' default ones", async () => {
    const rows = await db.select().from(locations);
    expect(rows.length).toBeGreaterThanOrEqual(33);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(275850)).toMatchObject({ shortName: "london", countryCode: "GB" });
    expect(byId.get(275859)).toMatchObject({ shortName: "dublin", countryCode: "IE" });
    expect(byId.get(276602)).toMatchObject({ shortName: "dublin-south", countryCode: "IE" });
    expect(rows.filter((row) => row.countryCode === "GB").length).toBeGreaterThanOrEqual(25);
    expect(rows.filter((row) => row.countryCode === "IE").length).toBeGreaterThanOrEqual(8);
  });

  it("sells in both markets, each in its own currency", async () => {
    const rows = await db.selectDistinct({ countryCode: deals.countryCode, currency: deals.currency }).from(deals);
    expect(rows).toEqual(
      expect.arrayContaining([
        { countryCode: "GB", currency: "GBP" },
        { countryCode: "IE", currency: "EUR" },
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it("gives every deal 1-8 products and, as its \"from\" price, the cheapest visible product's charge with its admin fee", async () => {
    // Generated deals: the gift presets (seed/gift-presets.ts) are priced as they are sold.
    const allDeals = await db.select().from(deals).where(isNull(deals.giftPreset));
    const allProducts = await db.select().from(products);
    const byDeal = new Map<number, (typeof allProducts)[number][]>();
    for (const product of allProducts) byDeal.set(product.dealId, [...(byDeal.get(product.dealId) ?? []), product]);
    for (const deal of allDeals) {
      const options = byDeal.get(deal.id) ?? [];
      expect(options.length, `deal ${deal.id}`).toBeGreaterThanOrEqual(1);
      expect(options.length, `deal ${deal.id}`).toBeLessThanOrEqual(8);
      const visible = options.filter((product) => product.visible);
      expect(deal.price).toBe(Math.min(...visible.map((product) => product.price + product.adminFee)));
      expect(deal.originalPrice).toBeGreaterThan(deal.price);
      expect(deal.discountPercentage).toBeGreaterThanOrEqual(0);
      expect(deal.discountPercentage).toBeLessThanOrEqual(99);
      expect(deal.discountPercentage).toBe(discountPercentage(deal.price, deal.originalPrice));
      expect(deal.totalBought).toBe(options.reduce((sum, product) => sum + product.totalBought, 0));
      if (deal.soldOut) expect(options.every((product) => product.soldOut && product.totalRemaining === 0)).toBe(true);
      if (deal.showPrice) expect(deal.headline).toContain(deal.currency === "GBP" ? "£" : "€");
    }
    // Some travel deals carry a fee, so the rule above is tested on them.
    expect(allProducts.some((product) => product.adminFee > 0)).toBe(true);
  });

  it("builds unique deal URLs that match the deal", async () => {
    const rows = await db
      .select({ id: deals.id, urlPath: deals.urlPath, dealType: deals.dealType, countryCode: deals.countryCode, location: locations.shortName })
      .from(deals)
      .leftJoin(locations, eq(locations.id, deals.locationId))
      .where(isNull(deals.giftPreset));
    expect(new Set(rows.map((row) => row.urlPath)).size).toBe(rows.length);
    for (const row of rows) {
      const match = URL_PATH.exec(row.urlPath);
      expect(match, row.urlPath).not.toBeNull();
      const [, segment, , , id] = match!;
      expect(Number(id)).toBe(row.id);
      const expected =
        row.dealType === "local" ? row.location : row.dealType === "national" ? "shop" : row.countryCode === "IE" ? "escapes" : "travel";
      expect(segment).toBe(expected);
    }
    expect(Math.min(...rows.map((row) => row.id))).toBe(30_000_001);
  });

  it("keeps review counts and averages in step with the review rows", async () => {
    const stats = await db
      .select({ dealId: reviews.dealId, n: count(), average: sql<string>`round(avg(${reviews.rating}), 2)` })
      .from(reviews)
      .groupBy(reviews.dealId);
    const byDeal = new Map(stats.map((row) => [row.dealId, row]));
    const rows = await db.select({ id: deals.id, reviewCount: deals.reviewCount, reviewAverage: deals.reviewAverage }).from(deals);
    expect(stats.length).toBeGreaterThan(0);
    for (const row of rows) {
      const actual = byDeal.get(row.id);
      expect(row.reviewCount, `deal ${row.id}`).toBe(actual?.n ?? 0);
      expect(row.reviewAverage, `deal ${row.id}`).toBe(actual ? Number(actual.average) : null);
    }
  });

  it("refuses to seed a catalogue that already has rows", async () => {
    await expect(seedCatalogue(db, { deals: 1 })).rejects.toThrow(/not empty/);
  });

  it("is deterministic for a seed and varies with it", async () => {
    const same = (await fresh()).db;
    await seedCatalogue(same, { deals: DEALS, seed: 7 });
    const other = (await fresh()).db;
    await seedCatalogue(other, { deals: DEALS, seed: 8 });

    const original = await fingerprint(db);
    expect(await fingerprint(same)).toEqual(original);
    expect(await fingerprint(other)).not.toEqual(original);
    // Two fresh databases and two seeds: slow on a busy machine, so it gets more than the default time.
  }, 90_000);
});

describe("seed planning", () => {
  it("gives every location its minimum share of local deals from 500 deals up", () => {
    for (const total of [500, 2000, 100_000]) {
      const plan = planDealTypes(total, LOCATIONS.length);
      expect(plan.local + plan.national + plan.travel).toBe(total);
      expect(plan.local / total).toBeGreaterThan(0.55);
      expect(plan.local / total).toBeLessThan(0.65);
      const quotas = planLocationQuotas(plan.local, LOCATIONS);
      expect(quotas.reduce((sum, quota) => sum + quota, 0)).toBe(plan.local);
      expect(Math.min(...quotas)).toBeGreaterThanOrEqual(MIN_LOCAL_DEALS_PER_LOCATION);
      // London, the biggest market, gets the most.
      expect(Math.max(...quotas)).toBe(quotas[LOCATIONS.findIndex((location) => location.id === 275850)]);
    }
  });

  it("cuts URL blurbs at a word boundary without a dangling word", () => {
    expect(blurb("£19 instead of £45 for a Spa Day")).toBe("19-instead-of-45-for-a-spa-day");
    const long = blurb("From £194 for an Aromatherapy Massage for Two or Four at The Summit Therapies, Dublin South");
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long).toBe("from-194-for-an-aromatherapy-massage-for-two-or-four");
  });
});

describe("seeded browsing data", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedCatalogue(database.db, { deals: 300, seed: 3 });
  });

  afterAll(() => database.dispose());

  it("seeds every static content page the footer and spec link to", async () => {
    const rows = await database.db.select({ slug: contentPages.slug }).from(contentPages);
    const slugs = rows.map((row) => row.slug);
    for (const slug of ["aboutus", "faqs", "privacypolicy", "termsofuse", "e-commerceterms", "internetsafety", "takedown", "productrecalls", "giftcardterms", "wallettermsofuse", "wallet-credit-more-info", "student-discount", "regulated-finance-complaints.html", "regulated-finance-disclosure.html", "admin-fee", "vip-terms-and-conditions", "klarna-faqs", "guides/hub", "guides/holiday-deals", "guides/black-friday-deals", "discountcodes", "editorial-team"]) {
      expect(slugs).toContain(slug);
    }
  });

  it("seeds a navigation for each market, with travel named per market", async () => {
    const rows = await database.db.select().from(navigationItems);
    const top = (country: "GB" | "IE") => rows.filter((row) => row.countryCode === country && row.parentId === null);
    expect(top("GB").length).toBeGreaterThan(10);
    expect(top("GB").map((row) => row.url)).toContain("/deals/travel");
    expect(top("IE").map((row) => row.url)).toContain("/deals/escapes");
    expect(top("IE").map((row) => row.url)).not.toContain("/deals/travel");
  });

  it("tags deals, gives unpublished deals a preview link and invents no recent sales", async () => {
    expect(await database.db.$count(dealTags)).toBeGreaterThan(100);
    // Gift presets are never published and never previewed: no page shows them.
    const unpublished = await database.db.select({ id: deals.id }).from(deals).where(and(eq(deals.published, false), isNull(deals.giftPreset)));
    const previews = await database.db.select().from(dealPreviewTokens);
    expect(previews.map((row) => row.dealId).sort()).toEqual(unpublished.map((row) => row.id).sort());
    // The social cue and the daily caps count real orders only (UK CMA: no invented "N bought"); the seed places none.
    expect(await database.db.$count(dealSalesHourly)).toBe(0);
  });
});
