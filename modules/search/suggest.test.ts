import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock";
import { SEARCH_NOW, type SearchCatalogue, insertSearchCatalogue } from "../../tests/support/search-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { suggestSearches } from "./suggest";

let database: TestDatabase;
let catalogue: SearchCatalogue;
const clock = fixedClock(SEARCH_NOW);

beforeAll(async () => {
  database = await createTestDatabase();
  catalogue = await insertSearchCatalogue(database.db);
});

afterAll(() => database.dispose());

const suggest = (q: string, countryCode: "GB" | "IE" = "GB") => suggestSearches(database.db, clock, { countryCode, q });

describe("suggestSearches", () => {
  it("completes an unfinished word into locations and the headlines of matching deals, most popular first", async () => {
    const { suggestions } = await suggest("manch");
    expect(suggestions[0]).toEqual({ type: "location", text: "Manchester", count: 1 });
    // The dinner matches by its place (Manchester), the city break by its headline.
    expect(suggestions.filter((s) => s.type === "deal").map((s) => s.text)).toEqual([
      catalogue.deals.manchesterDinner.headline,
      catalogue.deals.cityBreak.headline,
    ]);
  });

  it("offers categories and the most popular matching headlines, without repeats", async () => {
    const { suggestions } = await suggest("spa");
    expect(suggestions).toContainEqual({ type: "category", text: "Spa", count: 3 });
    const deals = suggestions.filter((s) => s.type === "deal");
    expect(deals[0]).toEqual({ type: "deal", text: catalogue.deals.luxurySpa.headline, dealId: catalogue.deals.luxurySpa.id });
    expect(new Set(deals.map((d) => d.text)).size).toBe(deals.length);
    expect(deals.map((d) => d.text)).not.toContain(catalogue.deals.hiddenSpa.headline);
    expect(deals.map((d) => d.text)).not.toContain(catalogue.deals.dublinSpa.headline);
  });

  it("corrects typos as the shopper types", async () => {
    const { suggestions } = await suggest("resturant");
    expect(suggestions).toContainEqual({ type: "category", text: "Restaurants", count: 2 });
    expect(suggestions.filter((s) => s.type === "deal")).toHaveLength(2);
  });

  it("suggests only the brand's market", async () => {
    const { suggestions } = await suggest("dubl", "IE");
    expect(suggestions.map((s) => s.text)).toEqual(["Dublin", catalogue.deals.dublinSpa.headline]);
    expect((await suggest("dubl", "GB")).suggestions).toEqual([]);
  });

  it("rejects blank input and survives odd input", async () => {
    await expect(suggest("  ")).rejects.toMatchObject({ code: "EMPTY_SEARCH_QUERY" });
    for (const q of ["%", "_", "'; select 1; --", "\\", "ñ", "x".repeat(1000)]) {
      expect(Array.isArray((await suggest(q)).suggestions)).toBe(true);
    }
  });
});
