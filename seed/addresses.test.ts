import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isValidPostcode } from "../modules/accounts/postcodes";
import { postcodeAddresses } from "../modules/address/schema";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-db";
import { buildDemoAddresses, seedDemoAddresses } from "./addresses";

describe("the demo address book", () => {
  const rows = buildDemoAddresses();
  const postcodes = (country: "GB" | "IE") => new Set(rows.filter((row) => row.countryCode === country).map((row) => row.postcode));

  it("covers a few hundred UK postcodes and Irish Eircodes, all valid for their country", () => {
    expect(postcodes("GB").size).toBeGreaterThanOrEqual(250);
    expect(postcodes("IE").size).toBeGreaterThanOrEqual(80);
    expect(rows.filter((row) => !isValidPostcode(row.postcode, row.countryCode))).toEqual([]);
    expect(rows.every((row) => row.postcodeKey === row.postcode.replace(" ", "") && row.line1 !== "" && row.city !== "")).toBe(true);
  });

  it("has the postcodes tests and examples use", () => {
    expect(rows.filter((row) => row.postcode === "SW1A 1AA").map((row) => row.line1)).toEqual(["Buckingham Palace"]);
    expect(rows.filter((row) => row.postcode === "SW1A 2AA").map((row) => row.line1)).toContain("10 Downing Street");
    expect(rows.filter((row) => row.postcode === "M1 1AE").length).toBeGreaterThan(1);
    expect(rows.filter((row) => row.postcode === "D02 X285")).toEqual([expect.objectContaining({ countryCode: "IE", city: "Dublin 2" })]);
  });

  it("gives every delivery point an approximate position: the real one for the fixed addresses, the town centre for generated ones", () => {
    expect(rows.every((row) => typeof row.lat === "number" && typeof row.lon === "number")).toBe(true);
    const palace = rows.find((row) => row.line1 === "Buckingham Palace")!;
    expect([palace.lat, palace.lon]).toEqual([51.501, -0.1416]);
    const manchester = rows.find((row) => row.postcode === "M1 1AE")!;
    expect([manchester.lat, manchester.lon]).toEqual([53.4808, -2.2426]);
    // Every position lies in the British Isles.
    expect(rows.filter((row) => row.lat! < 49.8 || row.lat! > 61 || row.lon! < -10.7 || row.lon! > 1.8)).toEqual([]);
  });

  it("is the same every time", () => {
    expect(buildDemoAddresses()).toEqual(rows);
  });

  describe("seeding", () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(() => database.dispose());

    it("fills an empty table and never touches one that has addresses (an operator's data)", async () => {
      expect(await seedDemoAddresses(database.db)).toBe(rows.length);
      expect(await database.db.$count(postcodeAddresses)).toBe(rows.length);
      expect(await seedDemoAddresses(database.db)).toBe(0);
      expect(await database.db.$count(postcodeAddresses)).toBe(rows.length);
    });
  });
});
