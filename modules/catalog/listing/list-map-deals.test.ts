import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../../lib/clock";
import { insertCatalogBasics, insertDeal } from "../../../tests/support/catalog-fixtures";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { merchantAddresses, merchants } from "../schema";
import { type MapDeals, listMapDeals, placeArea } from "./list-map-deals";

let database: TestDatabase;
let london: MapDeals;
const now = fixedClock("2026-11-21T15:00:00Z").now();

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const basics = await insertCatalogBasics(db);
  await db.insert(merchantAddresses).values([
    { merchantId: basics.merchant.id, isMain: true, addressLine1: "12 Dean Street", addressLine2: "Soho", town: "London", postCode: "W1D 3RB", lat: 51.5136, lon: -0.1318 },
    // A second branch: deals are pinned at the main address only.
    { merchantId: basics.merchant.id, isMain: false, addressLine1: "1 High Street", town: "Croydon", postCode: "CR0 1AA", lat: 51.37, lon: -0.1 },
  ]);
  const [grill] = await db.insert(merchants).values({ businessName: "Camden Grill Ltd", displayName: "Camden Grill" }).returning();
  await db.insert(merchantAddresses).values({ merchantId: grill.id, isMain: true, addressLine1: "3 Parkway", addressLine2: "Unit 4", town: "London", postCode: "NW1 7PG", lat: 51.5377, lon: -0.1447 });

  await insertDeal(db, basics, { headline: "Spa day for two", totalBought: 50 });
  await insertDeal(db, basics, { headline: "Massage for one", totalBought: 40 });
  await insertDeal(db, basics, { headline: "Steak dinner", merchantId: grill.id, totalBought: 30 });
  await insertDeal(db, basics, { headline: "Sold out spa", soldOut: true, totalBought: 99 });
  await insertDeal(db, basics, { headline: "Closed spa", open: false, totalBought: 99 });
  await insertDeal(db, basics, { headline: "Unpublished spa", published: false, totalBought: 99 });
  await insertDeal(db, basics, { headline: "Closed last week", closingDate: new Date("2026-11-14T12:00:00Z"), totalBought: 99 });
  await insertDeal(db, basics, { headline: "Manchester spa", locationId: 275851, totalBought: 99 });
  await insertDeal(db, basics, { headline: "Headphones", dealType: "national", locationId: null, totalBought: 99 });
  london = await listMapDeals(db, { countryCode: "GB", locationId: 275850, now });
});

afterAll(() => database.dispose());

describe("listMapDeals", () => {
  it("lists only the location's open, published, not sold-out local deals, most popular first", () => {
    expect(london.deals.map((deal) => deal.headline)).toEqual(["Spa day for two", "Massage for one", "Steak dinner"]);
  });

  it("pins each deal at its merchant's main address, one place per address", () => {
    expect(london.places).toHaveLength(2);
    const soho = london.places.find((place) => place.title === "Serenity Spa")!;
    expect(soho).toMatchObject({ lat: 51.5136, lon: -0.1318, area: "Soho", address: "12 Dean Street, Soho, London, W1D 3RB" });
    expect(soho.dealIds).toEqual(london.deals.filter((deal) => deal.headline !== "Steak dinner").map((deal) => deal.id));
    const grill = london.places.find((place) => place.title === "Camden Grill")!;
    // "Unit 4" is not a neighbourhood: the town names the area.
    expect(grill).toMatchObject({ lat: 51.5377, lon: -0.1447, area: "London" });
    expect(london.deals.find((deal) => deal.headline === "Steak dinner")!.placeId).toBe(grill.id);
  });

  it("gives each deal what its price needs", () => {
    expect(london.deals[0]).toMatchObject({ currency: "GBP", price: 1900, originalPrice: 4500, urlPath: expect.stringMatching(/^\/deal\/london\//) });
  });

  it("has nothing for a location without local deals of its own", async () => {
    const dublin = await listMapDeals(database.db, { countryCode: "IE", locationId: 275859, now });
    expect(dublin).toEqual({ deals: [], places: [] });
  });

  it("keeps to the limit", async () => {
    const one = await listMapDeals(database.db, { countryCode: "GB", locationId: 275850, now, limit: 1 });
    expect(one.deals.map((deal) => deal.headline)).toEqual(["Spa day for two"]);
    expect(one.places).toHaveLength(1);
  });
});

describe("placeArea", () => {
  it("takes a neighbourhood from the second address line, else the town", () => {
    expect(placeArea("Covent Garden", "London")).toBe("Covent Garden");
    expect(placeArea("Unit 12", "Leeds")).toBe("Leeds");
    expect(placeArea(null, "Dublin")).toBe("Dublin");
    expect(placeArea("  ", "Cork")).toBe("Cork");
  });
});
