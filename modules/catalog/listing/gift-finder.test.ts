import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRANDS } from "../../../lib/brand";
import { fixedClock } from "../../../lib/clock";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { insertCatalogBasics, insertDeal } from "../../../tests/support/catalog-fixtures";
import { CATEGORY_TREE } from "../../../seed/data/categories";
import { SPECIAL_TAGS } from "../../../seed/data/special-tags";
import { seedCatalogue } from "../../../seed";
import { CatalogError } from "../errors";
import { GIFT_PERSONALITIES, GIFT_RECIPIENTS, type GiftFinderSelection, type GiftPriceBand } from "../rules/gift-finder";
import { dealTags, specialTags } from "../schema";
import { findGifts } from "./gift-finder";

const now = fixedClock("2026-11-21T15:00:00Z").now();
const recipient = (id: string) => GIFT_RECIPIENTS.find((option) => option.id === id)!;
const personality = (id: string) => GIFT_PERSONALITIES.find((option) => option.id === id)!;

describe("gift finder", () => {
  let database: TestDatabase;

  function find(selection: Partial<GiftFinderSelection> = {}, options: { brand?: keyof typeof BRANDS; location?: string; page?: number } = {}) {
    return findGifts(database.db, {
      brand: BRANDS[options.brand ?? "wowcher"],
      now,
      location: options.location ?? "london",
      selection: { recipient: null, personality: null, price: null, ...selection },
      page: options.page ?? 1,
    });
  }
  const counts = (facets: { id: string; count: number }[]) => Object.fromEntries(facets.filter((facet) => facet.count > 0).map((facet) => [facet.id, facet.count]));
  const headlines = (page: { deals: { headline: string }[] }) => page.deals.map((deal) => deal.headline);

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    const basics = await insertCatalogBasics(db);
    await db.insert(specialTags).values([...GIFT_RECIPIENTS, ...GIFT_PERSONALITIES].map((option) => ({ slug: option.searchTag, name: option.name, description: option.name })));
    const tagged = async (tags: string[], overrides: Parameters<typeof insertDeal>[2]) => {
      const deal = await insertDeal(db, basics, overrides);
      if (tags.length) await db.insert(dealTags).values(tags.map((tag) => ({ tag, dealId: deal.id })));
      return deal;
    };
    await tagged(["gifts-for-mum", "gifts-for-the-pampered"], { headline: "Spa for Mum", price: 900, totalBought: 90 });
    await tagged(["gifts-for-mum", "gifts-for-the-pampered"], { headline: "Massage for Mum", price: 2500, totalBought: 80 });
    await tagged(["gifts-for-mum", "gifts-for-the-gorgeous"], { headline: "Fragrance for Mum", dealType: "national", locationId: null, price: 1500, totalBought: 70 });
    await tagged(["gifts-for-dad", "gifts-for-the-daredevil"], { headline: "Driving for Dad", price: 6000, totalBought: 60 });
    await tagged(["gifts-for-teen", "gifts-for-the-geeky"], { headline: "Headphones for Teen", dealType: "national", locationId: null, price: 12000, totalBought: 50 });
    await tagged(["gifts-for-mum", "gifts-for-the-pampered"], { headline: "Manchester spa for Mum", locationId: 275851, price: 900, totalBought: 99 });
    await tagged(["gifts-for-mum"], { headline: "Sold-out gift for Mum", soldOut: true, totalBought: 999 });
    await tagged(["gifts-for-mum"], { headline: "Closed gift for Mum", open: false, totalBought: 999 });
    await tagged([], { headline: "Untagged spa", totalBought: 999 });
    await tagged(["gifts-for-mum", "gifts-for-the-pampered"], { headline: "Dublin spa for Mum", countryCode: "IE", currency: "EUR", locationId: 275859, price: 4000, totalBought: 10 });
  });

  afterAll(() => database.dispose());

  it("lists the location's and the market's gifts meant for someone, with counts per recipient, personality and price band", async () => {
    const page = await find();
    expect(headlines(page)).toEqual(["Spa for Mum", "Massage for Mum", "Fragrance for Mum", "Driving for Dad", "Headphones for Teen"]);
    expect(page.total).toBe(5);
    expect(page.resultsHeading).toBe("5 gifts");
    expect(counts(page.recipients)).toEqual({ mum: 3, dad: 1, teen: 1 });
    expect(counts(page.personalities)).toEqual({ pampered: 2, gorgeous: 1, daredevil: 1, geeky: 1 });
    expect(counts(page.priceBands)).toEqual({ "0": 1, "10": 1, "20": 1, "50": 1, "100": 1 });
    expect(page.priceBands.map((band) => band.label)).toEqual(["Under £10", "£10 - £20", "£20 - £50", "£50 - £100", "£100 and over"]);
    expect(page.facetedNavigation.count).toBe(5);
    expect(page.facetedNavigation.navigations.find((item) => item.shortName === "gifts-for-mum")).toMatchObject({ linkText: "Mum", count: 3, url: "/london/gift-finder/gifts-for-mum" });
  });

  it("filters by recipient and counts the other choices within it", async () => {
    const page = await find({ recipient: recipient("mum") });
    expect(headlines(page)).toEqual(["Spa for Mum", "Massage for Mum", "Fragrance for Mum"]);
    expect(page.heading).toBe("Gift Finder: Gifts for Mum");
    expect(page.resultsHeading).toBe("3 gifts for Mum");
    // Recipient counts ignore the recipient chosen: switching to Dad would list one.
    expect(counts(page.recipients)).toEqual({ mum: 3, dad: 1, teen: 1 });
    expect(page.recipients.find((facet) => facet.isActive)?.id).toBe("mum");
    expect(counts(page.personalities)).toEqual({ pampered: 2, gorgeous: 1 });
    expect(counts(page.priceBands)).toEqual({ "0": 1, "10": 1, "20": 1 });
    expect(page.personalities.find((facet) => facet.id === "pampered")?.url).toBe("/london/gift-finder/gifts-for-mum?personality=pampered");
  });

  it("filters by personality and price band, each count reflecting the other choices", async () => {
    const pampered = await find({ recipient: recipient("mum"), personality: personality("pampered") });
    expect(headlines(pampered)).toEqual(["Spa for Mum", "Massage for Mum"]);
    expect(counts(pampered.recipients)).toEqual({ mum: 2 });
    expect(counts(pampered.priceBands)).toEqual({ "0": 1, "20": 1 });
    // The active personality's link takes it off again.
    expect(pampered.personalities.find((facet) => facet.id === "pampered")).toMatchObject({ isActive: true, url: "/london/gift-finder/gifts-for-mum" });

    const band = await find({ recipient: recipient("mum"), price: 20 as GiftPriceBand });
    expect(headlines(band)).toEqual(["Massage for Mum"]);
    expect(band.total).toBe(1);
    expect(band.resultsHeading).toBe("1 gift for Mum (£20 - £50)");
    expect(counts(band.recipients)).toEqual({ mum: 1 });
    expect(counts(band.personalities)).toEqual({ pampered: 1 });
    expect(band.clearUrl).toBe("/london/gift-finder/gifts-for-mum");
    expect(band.canonicalUrl).toBe("/london/gift-finder/gifts-for-mum");

    const top = await find({ price: 100 as GiftPriceBand });
    expect(headlines(top)).toEqual(["Headphones for Teen"]);
    expect(counts(top.recipients)).toEqual({ teen: 1 });
  });

  it("answers the Irish sites under /deal with their own deals and currency", async () => {
    const page = await find({}, { brand: "wowcherie", location: "dublin" });
    expect(page.root).toBe("/deal/dublin/gift-finder");
    expect(headlines(page)).toEqual(["Dublin spa for Mum"]);
    expect(page.recipients.find((facet) => facet.id === "mum")).toMatchObject({ count: 1, url: "/deal/dublin/gift-finder/gifts-for-mum" });
    expect(page.priceBands[0].label).toBe("Under €10");
    expect(counts(page.priceBands)).toEqual({ "20": 1 });
  });

  it("answers 'Page not found' for a location of another market or a page past the last", async () => {
    await expect(find({}, { location: "dublin" })).rejects.toBeInstanceOf(CatalogError);
    await expect(find({}, { location: "atlantis" })).rejects.toThrow("Page not found");
    await expect(find({}, { page: 2 })).rejects.toThrow("Page not found");
  });
});

describe("gift finder seed data", () => {
  it("gives every recipient and personality a seeded tag drawn from real sub-categories", () => {
    const subCategories = new Set(CATEGORY_TREE.flatMap((top) => top.children.map((child) => child.shortName as string)));
    for (const option of [...GIFT_RECIPIENTS, ...GIFT_PERSONALITIES]) {
      const tag = SPECIAL_TAGS.find((candidate) => candidate.slug === option.searchTag);
      expect(tag, option.searchTag).toBeDefined();
      expect(tag!.subCategories!.length, option.searchTag).toBeGreaterThan(0);
      for (const sub of tag!.subCategories!) expect(subCategories.has(sub), `${option.searchTag}: ${sub}`).toBe(true);
    }
  });

  it("seeds gifts for every recipient in London and Dublin", { timeout: 120_000 }, async () => {
    const database = await createTestDatabase();
    try {
      const seededAt = new Date("2026-11-21T12:00:00Z");
      await seedCatalogue(database.db, { deals: 600, seed: 1, now: seededAt });
      for (const [brand, location] of [
        ["wowcher", "london"],
        ["livingsocialie", "dublin"],
      ] as const) {
        const page = await findGifts(database.db, { brand: BRANDS[brand], now: seededAt, location, selection: { recipient: null, personality: null, price: null }, page: 1 });
        const empty = page.recipients.filter((facet) => facet.count === 0).map((facet) => facet.id);
        expect(empty, `${location}: recipients without gifts`).toEqual([]);
      }
    } finally {
      await database.dispose();
    }
  });
});
