import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoAddresses } from "../../seed/addresses";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { checkPostcode, databaseAddressLookup } from "./lookup";
import { postcodeAddresses } from "./schema";

describe("databaseAddressLookup", () => {
  let database: TestDatabase;
  let empty: TestDatabase;

  beforeAll(async () => {
    [database, empty] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    await seedDemoAddresses(database.db);
    // A street whose numbers sort wrongly as text: 2 must come before 10.
    await database.db.insert(postcodeAddresses).values(
      ["10 Mill Lane", "2 Mill Lane", "Flat 1", "1 Mill Lane"].map((line1) => ({ countryCode: "GB" as const, postcodeKey: "YO17ZZ", postcode: "YO1 7ZZ", line1, city: "York" })),
    );
  });

  afterAll(() => Promise.all([database.dispose(), empty.dispose()]));

  it("finds the addresses at a postcode however it is typed, and writes the postcode the standard way", async () => {
    const result = await databaseAddressLookup(database.db).lookup("GB", " sw1a1aa ");
    expect(result).toEqual({ kind: "found", postcode: "SW1A 1AA", addresses: [expect.objectContaining({ line1: "Buckingham Palace", line2: "", city: "London", postcode: "SW1A 1AA" })] });
  });

  it("lists a street in house-number order", async () => {
    const result = await databaseAddressLookup(database.db).lookup("GB", "YO1 7ZZ");
    expect(result.kind === "found" && result.addresses.map((address) => address.line1)).toEqual(["1 Mill Lane", "2 Mill Lane", "10 Mill Lane", "Flat 1"]);
  });

  it("looks Eircodes up in the Irish data only", async () => {
    const lookup = databaseAddressLookup(database.db);
    const irish = await lookup.lookup("IE", "d02x285");
    expect(irish).toMatchObject({ kind: "found", postcode: "D02 X285", addresses: [{ city: "Dublin 2", postcode: "D02 X285" }] });
    expect(await lookup.lookup("GB", "D02 X285")).toEqual({ kind: "not-found" });
  });

  it("says not found for a valid postcode the data does not have", async () => {
    expect(await databaseAddressLookup(database.db).lookup("GB", "SW1A 9ZZ")).toEqual({ kind: "not-found" });
  });

  it("reports an error, not a missing postcode, when no address data is loaded for the country", async () => {
    expect(await databaseAddressLookup(empty.db).lookup("IE", "D02 X285")).toEqual({ kind: "error", reason: "no address data loaded for IE" });
  });

  it("grades postcodes with the spec's address check states", async () => {
    const lookup = databaseAddressLookup(database.db);
    expect(await checkPostcode(lookup, "GB", "M1 1AE")).toEqual({ valid: true, exists: true, status: "deliverable" });
    expect(await checkPostcode(lookup, "GB", "M1 9ZZ")).toEqual({ valid: true, exists: false, status: "risky" });
    expect(await checkPostcode(lookup, "GB", "M1")).toEqual({ valid: false, exists: false, status: "undeliverable" });
    expect(await checkPostcode(databaseAddressLookup(empty.db), "GB", "M1 1AE")).toEqual({ valid: true, exists: false, status: "unknown" });
  });
});
