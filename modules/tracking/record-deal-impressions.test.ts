import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock";
import { insertCatalogBasics, insertDeal } from "../../tests/support/catalog-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { dealImpressionCounts } from "./deal-impression-counts";
import { recordDealImpressions } from "./record-deal-impressions";

let database: TestDatabase;
let dealA: number;
let dealB: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const basics = await insertCatalogBasics(database.db);
  dealA = (await insertDeal(database.db, basics)).id;
  dealB = (await insertDeal(database.db, basics)).id;
});

afterAll(() => database.dispose());

describe("recordDealImpressions", () => {
  it("adds up impressions per deal and UK day", async () => {
    const morning = fixedClock("2026-06-10T08:00:00Z");
    await recordDealImpressions(database.db, morning, { countryCode: "GB", location: "london", dealIds: [dealA, dealB] });
    await recordDealImpressions(database.db, morning, { countryCode: "GB", location: "shop", dealIds: [dealA, dealA] });
    // 23:30 UTC in June is already the next day in the UK.
    await recordDealImpressions(database.db, fixedClock("2026-06-10T23:30:00Z"), { countryCode: "GB", location: "london", dealIds: [dealA] });
    expect(await dealImpressionCounts(database.db, "2026-06-10", [dealA, dealB])).toEqual(
      new Map([
        [dealA, 3],
        [dealB, 1],
      ]),
    );
    expect(await dealImpressionCounts(database.db, "2026-06-11", [dealA, dealB])).toEqual(new Map([[dealA, 1]]));
  });

  it("ignores deal ids that do not exist", async () => {
    const clock = fixedClock("2026-06-12T08:00:00Z");
    expect(await recordDealImpressions(database.db, clock, { countryCode: "GB", location: "london", dealIds: [999, dealB] })).toEqual({ recorded: 1 });
  });

  it("needs a location of the brand's market: 'Deal impressions: undefined or missing location data'", async () => {
    const clock = fixedClock("2026-06-12T08:00:00Z");
    for (const location of [undefined, "", "undefined", "atlantis", "dublin"]) {
      await expect(recordDealImpressions(database.db, clock, { countryCode: "GB", location, dealIds: [dealA] })).rejects.toThrow(
        "Deal impressions: undefined or missing location data",
      );
    }
  });
});
