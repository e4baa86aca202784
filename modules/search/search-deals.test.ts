import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock";
import { deals } from "../catalog/schema";
import { SEARCH_NOW, type SearchCatalogue, insertSearchCatalogue } from "../../tests/support/search-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { SearchError } from "./errors";
import { reindexDeals } from "./index-deals";
import { type SearchRequest, searchDeals } from "./search-deals";

let database: TestDatabase;
let catalogue: SearchCatalogue;
const clock = fixedClock(SEARCH_NOW);

beforeAll(async () => {
  database = await createTestDatabase();
  catalogue = await insertSearchCatalogue(database.db);
});

afterAll(() => database.dispose());

function search(request: Partial<SearchRequest>) {
  return searchDeals(database.db, clock, { countryCode: "GB", location: "london", ...request });
}

const headlines = (results: { deals: { headline: string }[] }) => results.deals.map((d) => d.headline);

describe("searchDeals ranking", () => {
  it("puts an exact headline match first, ahead of more popular and richer matches", async () => {
    const results = await search({ q: "spa day for two at serenity spa, soho" });
    expect(results.deals[0].id).toBe(catalogue.deals.exactSpa.id);
    expect(headlines(results)).toContain(catalogue.deals.luxurySpa.headline);
  });

  it("matches the exact headline whatever the case and accents typed", async () => {
    const results = await search({ q: "  SPA DÁY for two at Serenity Spa,   Soho " });
    expect(results.deals[0].id).toBe(catalogue.deals.exactSpa.id);
  });

  it("finds restaurants despite the typo 'resturant' and says what it searched for", async () => {
    const results = await search({ q: "resturant" });
    expect(headlines(results)).toEqual(
      expect.arrayContaining([catalogue.deals.londonSteak.headline, catalogue.deals.manchesterDinner.headline]),
    );
    expect(results.didYouMean).toBe("restaurant");
  });

  it("finds spa deals for 'spaa' and Manchester deals for the partial word 'manch'", async () => {
    const spa = await search({ q: "spaa" });
    expect(headlines(spa)).toContain(catalogue.deals.exactSpa.headline);
    expect(headlines(spa).every((h) => /spa/i.test(h))).toBe(true);

    const manch = await search({ q: "manch" });
    expect(manch.deals.map((d) => d.id).sort()).toEqual([catalogue.deals.manchesterDinner.id, catalogue.deals.cityBreak.id].sort());
  });

  it("ranks local deals near the chosen location first, then national and travel, then elsewhere", async () => {
    const fromLondon = await search({ q: "dinner for two" });
    expect(fromLondon.deals.map((d) => d.id)).toEqual([catalogue.deals.londonSteak.id, catalogue.deals.manchesterDinner.id]);
    const fromManchester = await search({ q: "dinner for two", location: "manchester" });
    expect(fromManchester.deals.map((d) => d.id)).toEqual([catalogue.deals.manchesterDinner.id, catalogue.deals.londonSteak.id]);
    const breaks = await search({ q: "manchester" });
    // From London: the travel deal (sold everywhere) before Manchester's local restaurant.
    expect(breaks.deals.map((d) => d.id)).toEqual([catalogue.deals.cityBreak.id, catalogue.deals.manchesterDinner.id]);
  });

  it("sorts by price either way when asked, ignoring relevance", async () => {
    const low = await search({ q: "dinner", orderBy: "pricelow" });
    expect(low.deals.map((d) => d.price)).toEqual([2900, 3500]);
    const high = await search({ q: "dinner", orderBy: "price" });
    expect(high.deals.map((d) => d.price)).toEqual([3500, 2900]);
  });
});

describe("searchDeals availability and isolation", () => {
  it("never returns another market's deals: an Irish brand sees only Irish deals and vice versa", async () => {
    const irish = await searchDeals(database.db, clock, { countryCode: "IE", location: "dublin", q: "spa day" });
    expect(irish.deals.map((d) => d.id)).toEqual([catalogue.deals.dublinSpa.id]);
    expect(irish.deals[0].currency).toBe("EUR");
    const british = await search({ q: "liffey dublin" });
    expect(british.deals).toEqual([]);
    expect(british.total).toBe(0);
  });

  it("does not know the other market's locations", async () => {
    await expect(searchDeals(database.db, clock, { countryCode: "IE", location: "london", q: "spa" })).rejects.toMatchObject({
      code: "LOCATION_NOT_FOUND",
    });
  });

  it("leaves out closed and unpublished deals but keeps a lastChance deal for shoppers arriving from search", async () => {
    const results = await search({ q: "serenity spa" });
    const found = headlines(results);
    expect(found).toContain(catalogue.deals.lastChanceSpa.headline);
    expect(found).not.toContain(catalogue.deals.closedSpa.headline);
    expect(found).not.toContain(catalogue.deals.hiddenSpa.headline);
  });

  it("keeps a deal on its closing day until midnight UK time", async () => {
    const closesToday = catalogue.deals.londonSteak.id;
    await database.db.update(deals).set({ closingDate: new Date("2026-11-21T09:00:00Z") }).where(eq(deals.id, closesToday));
    await reindexDeals(database.db, [closesToday]);
    const evening = await searchDeals(database.db, fixedClock("2026-11-21T23:30:00Z"), { countryCode: "GB", location: "london", q: "steak" });
    expect(evening.deals.map((d) => d.id)).toEqual([closesToday]);
    const nextDay = await searchDeals(database.db, fixedClock("2026-11-22T00:30:00Z"), { countryCode: "GB", location: "london", q: "steak" });
    expect(nextDay.deals).toEqual([]);
    await database.db.update(deals).set({ closingDate: new Date("2030-01-01T00:00:00Z") }).where(eq(deals.id, closesToday));
    await reindexDeals(database.db, [closesToday]);
  });
});

describe("searchDeals input", () => {
  it("rejects an empty or whitespace-only query with a clear message", async () => {
    for (const q of ["", "   ", "\t\n"]) {
      const error = await search({ q }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SearchError);
      expect(error).toMatchObject({ code: "EMPTY_SEARCH_QUERY", message: "Please enter what you are looking for." });
    }
  });

  it("treats SQL-looking, very long and unicode input as plain words", async () => {
    const injection = await search({ q: "'; drop table deals; -- spa" });
    expect(injection.deals.length).toBeGreaterThan(0);
    const stillThere = await search({ q: "spa" });
    expect(stillThere.total).toBeGreaterThan(0);

    const long = await search({ q: `spa ${"x".repeat(5000)} ${"word ".repeat(500)}` });
    expect(long.query!.length).toBeLessThanOrEqual(200);

    for (const q of ["スパ 日本", "💆‍♀️ spa", "crème brûlée", "\u0000spa", "spa:* & !(x)", "%_\\"]) {
      const results = await search({ q });
      expect(Array.isArray(results.deals)).toBe(true);
    }
    expect((await search({ q: "💆‍♀️ spa" })).total).toBeGreaterThan(0);
  });

  it("pages results and counts facets over all matches", async () => {
    const first = await search({ q: "for two", pageSize: 2 });
    expect(first.deals).toHaveLength(2);
    expect(first.total).toBe(5);
    expect(first.pageCount).toBe(3);
    const third = await search({ q: "for two", pageSize: 2, page: 3 });
    expect(third.deals).toHaveLength(1);
    expect(first.facets.map((f) => [f.shortName, f.count])).toEqual([
      ["beauty", 2],
      ["food-and-drink", 2],
      ["uk-breaks", 1],
    ]);
  });

  it("filters by category while the facets still count every category", async () => {
    const results = await search({ q: "for two", category: "food-and-drink" });
    expect(results.deals.map((d) => d.id).sort()).toEqual([catalogue.deals.londonSteak.id, catalogue.deals.manchesterDinner.id].sort());
    expect(results.total).toBe(2);
    expect(results.facets).toHaveLength(3);
  });

  it("lists by category or tag without words, with excludes and price bands", async () => {
    const listing = await search({ category: "food-and-drink", excludeDealIds: [catalogue.deals.londonSteak.id] });
    expect(listing.deals.map((d) => d.id)).toEqual([catalogue.deals.manchesterDinner.id]);
    const tagged = await search({ searchTag: "last-chance" });
    expect(tagged.deals.map((d) => d.id)).toEqual([catalogue.deals.lastChanceSpa.id]);
    const cheap = await search({ q: "for two", maxPrice: 3000 });
    expect(cheap.deals.every((d) => d.price <= 3000)).toBe(true);
    const noFood = await search({ q: "for two", excludeCategories: ["food-and-drink"] });
    expect(noFood.deals.some((d) => d.id === catalogue.deals.londonSteak.id)).toBe(false);
    await expect(search({})).rejects.toMatchObject({ code: "SEARCH_CRITERIA_MISSING" });
  });
});

describe("searchDeals accents", () => {
  it("finds accented words typed without accents, and the other way round", async () => {
    const [deal] = await database.db
      .insert(deals)
      .values({
        countryCode: "GB",
        currency: "GBP",
        dealType: "local",
        locationId: 275850,
        categoryId: catalogue.basics.beauty.id,
        subCategoryId: catalogue.basics.spa.id,
        merchantId: catalogue.basics.merchant.id,
        headline: "Crêpes and Coffee at Café Crème, Soho",
        title: "Crêpes at Café Crème",
        description: "Crêpes.",
        urlPath: "/deal/london/beauty/spa/cafe-creme",
        price: 900,
        originalPrice: 1800,
        closingDate: new Date("2030-01-01T00:00:00Z"),
      })
      .returning();
    await reindexDeals(database.db, [deal.id]);
    for (const q of ["cafe creme", "CAFÉ crème", "crepes"]) {
      expect((await search({ q })).deals.map((d) => d.id), q).toEqual([deal.id]);
    }
  });
});
