import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { lookupSite } from "./site-lookup";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await insertCatalogBasics(database.db);
});
afterAll(() => database.dispose());

describe("the location lookup by site", () => {
  it("marks the VIP site as vip, whatever its case", async () => {
    expect(await lookupSite(database.db, "GB", "VIP")).toEqual({ site: "vip", vip: true, location: null });
  });

  it("answers a location of the market as a site that is not vip", async () => {
    expect(await lookupSite(database.db, "GB", "london")).toMatchObject({ vip: false, location: { shortName: "london", name: "London" } });
    expect(await lookupSite(database.db, "IE", "london")).toBeNull();
  });

  it("answers nothing for unknown or malformed sites", async () => {
    expect(await lookupSite(database.db, "GB", "atlantis")).toBeNull();
    expect(await lookupSite(database.db, "GB", "../vip")).toBeNull();
    expect(await lookupSite(database.db, "GB", "")).toBeNull();
  });
});
