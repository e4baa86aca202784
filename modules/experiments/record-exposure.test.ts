import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { exposureSummary, recordExposures, visitorExposures } from "./record-exposure";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database.dispose());

describe("recordExposures", () => {
  it("keeps one row per visitor, test and variant and counts each exposure", async () => {
    const { db } = database;
    await recordExposures(db, fixedClock("2026-11-24T09:00:00Z"), {
      visitorId: "v1",
      brand: "wowcherie",
      assignments: [{ test: "autocomplete", variant: "b" }],
    });
    await recordExposures(db, fixedClock("2026-11-24T10:30:00Z"), { visitorId: "v1", brand: "wowcherie", assignments: [{ test: "autocomplete", variant: "b" }] });
    await recordExposures(db, fixedClock("2026-11-24T11:00:00Z"), { visitorId: "v2", brand: "wowcherie", assignments: [{ test: "autocomplete", variant: "c" }] });

    expect(await visitorExposures(db, "v1")).toEqual([
      { test: "autocomplete", variant: "b", exposures: 2, firstSeenAt: new Date("2026-11-24T09:00:00Z"), lastSeenAt: new Date("2026-11-24T10:30:00Z") },
    ]);
    expect(await exposureSummary(db, "autocomplete")).toEqual([
      { variant: "b", visitors: 1, exposures: 2 },
      { variant: "c", visitors: 1, exposures: 1 },
    ]);
  });

  it("adds up concurrent page views of one visitor without losing any", async () => {
    const { db } = database;
    const clock = fixedClock("2026-11-24T12:00:00Z");
    await Promise.all(Array.from({ length: 5 }, () => recordExposures(db, clock, { visitorId: "v3", brand: "wowcher", assignments: [{ test: "autocomplete", variant: "b" }] })));
    expect((await visitorExposures(db, "v3")).map((row) => row.exposures)).toEqual([5]);
  });
});
