/**
 * The experiments page's figures: per test and variant, the browsers that entered in a period and
 * their exposures; every variant of a running test listed, a retired test only from its history.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { exposuresByVariant, visitorsSeenSince } from "./exposure-figures";
import { recordExposures } from "./record-exposure";
import { abExposures } from "./schema";

let database: TestDatabase;
const november = { start: new Date("2026-11-01T00:00:00Z"), end: new Date("2026-12-01T00:00:00Z") };

beforeAll(async () => {
  database = await createTestDatabase();
  const seen = (at: string, visitorId: string, variant: string, brand: "wowcher" | "livingsocial" = "wowcher") =>
    recordExposures(database.db, fixedClock(at), { visitorId, brand, assignments: [{ test: "autocomplete", variant }] });
  // v1 enters on b in November and comes back twice (once in December); v2 on b, v3 on c; v0 entered in October.
  await seen("2026-11-10T09:00:00Z", "v1", "b");
  await seen("2026-11-11T09:00:00Z", "v1", "b");
  await seen("2026-12-02T09:00:00Z", "v1", "b");
  await seen("2026-11-20T09:00:00Z", "v2", "b", "livingsocial");
  await seen("2026-11-30T23:59:59Z", "v3", "c");
  await seen("2026-10-31T23:59:59Z", "v0", "b");
  await seen("2026-11-15T09:00:00Z", "v0", "b");
  // A retired test's history: two rows in November, one before.
  const at = new Date("2026-11-05T12:00:00Z");
  await database.db.insert(abExposures).values([
    { test: "passwordless-checkout", variant: "b", visitorId: "v1", brand: "wowcher", exposures: 4, firstSeenAt: at, lastSeenAt: at },
    { test: "passwordless-checkout", variant: "b", visitorId: "v4", brand: "wowcher", exposures: 1, firstSeenAt: at, lastSeenAt: at },
    { test: "booking-calendar-gift", variant: "a", visitorId: "v4", brand: "wowcher", exposures: 9, firstSeenAt: new Date("2026-09-01T00:00:00Z"), lastSeenAt: at },
  ]);
});

afterAll(() => database.dispose());

describe("exposuresByVariant", () => {
  it("counts the browsers that entered each variant in the period and all their exposures", async () => {
    expect(await exposuresByVariant(database.db, november)).toEqual([
      { test: "autocomplete", variant: "a", running: true, visitors: 0, exposures: 0 },
      { test: "autocomplete", variant: "b", running: true, visitors: 2, exposures: 4 },
      { test: "autocomplete", variant: "c", running: true, visitors: 1, exposures: 1 },
      { test: "passwordless-checkout", variant: "b", running: false, visitors: 2, exposures: 5 },
    ]);
  });

  it("leaves out browsers that entered before the period, even when seen in it", async () => {
    const october = await exposuresByVariant(database.db, { start: new Date("2026-10-01T00:00:00Z"), end: november.start });
    expect(october.filter((row) => row.visitors > 0)).toEqual([{ test: "autocomplete", variant: "b", running: true, visitors: 1, exposures: 2 }]);
  });
});

describe("visitorsSeenSince", () => {
  // v1, v3, v0 and v4 on Wowcher (v1 and v4 on two tests each), v2 on LivingSocial; only v1 is seen in December.
  it("counts each browser once per brand, whatever the tests and variants it saw", async () => {
    expect(await visitorsSeenSince(database.db, november.start)).toEqual([
      { brand: "livingsocial", visitors: 1 },
      { brand: "wowcher", visitors: 4 },
    ]);
    expect(await visitorsSeenSince(database.db, new Date("2026-12-01T00:00:00Z"))).toEqual([{ brand: "wowcher", visitors: 1 }]);
  });
});
