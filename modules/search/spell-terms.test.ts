import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSearchCatalogue } from "../../tests/support/search-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { type TermMatch, spellTerms, toTsQueryText } from "./spell-terms";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await insertSearchCatalogue(database.db);
});

afterAll(() => database.dispose());

describe("spellTerms", () => {
  it("tells known words, unfinished words, misspellings and strangers apart, with how many deals they reach", async () => {
    const [spa, manch, resturant, zzz] = await spellTerms(database.db, ["spa", "manch", "resturant", "qqxqq"]);
    expect(spa).toMatchObject({ term: "spa", kind: "exact" });
    expect(spa.documents).toBeGreaterThanOrEqual(5);
    expect(manch).toMatchObject({ term: "manch", kind: "prefix", documents: 2 });
    expect(resturant).toMatchObject({ term: "resturant", kind: "corrected", corrections: ["restaurant"], documents: 2 });
    expect(zzz).toEqual({ term: "qqxqq", kind: "unknown", corrections: [], documents: 0 });
  });

  it("compares without accents, like the index", async () => {
    expect((await spellTerms(database.db, ["spá"]))[0]).toMatchObject({ term: "spa", kind: "exact" });
  });
});

describe("toTsQueryText", () => {
  const match = (term: string, kind: TermMatch["kind"], corrections: string[] = []): TermMatch => ({ term, kind, corrections, documents: 1 });

  it("ANDs the terms, ORs corrections and prefixes unfinished words", () => {
    expect(toTsQueryText([match("spa", "exact"), match("manch", "prefix"), match("resturant", "corrected", ["restaurant", "restaurants"])])).toBe(
      "spa & manch:* & (restaurant | restaurants)",
    );
    expect(toTsQueryText([match("spa", "exact"), match("da", "exact")], { prefixLast: true })).toBe("spa & da:*");
  });

  it("leaves out words nobody indexed unless nothing else is left", () => {
    expect(toTsQueryText([match("spa", "exact"), match("qqxqq", "unknown")])).toBe("spa");
    expect(toTsQueryText([match("qqxqq", "unknown")])).toBe("qqxqq");
    expect(toTsQueryText([])).toBeNull();
  });
});
