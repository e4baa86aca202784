import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { consumeRateLimit, consumeRateLimits, peekRateLimits, pruneRateLimits } from "./rate-limit";

let database: TestDatabase;
const clock = new ManualClock("2026-03-02T10:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database.dispose());

describe("rate limits", () => {
  it("allows the limit per window, then says how long to wait", async () => {
    const rule = { key: "test:a", limit: 3, windowSeconds: 60 };
    for (let i = 0; i < 3; i++) expect(await consumeRateLimit(database.db, clock, rule)).toEqual({ allowed: true });
    clock.advance(20_000);
    expect(await consumeRateLimit(database.db, clock, rule)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    clock.advance(40_000);
    expect(await consumeRateLimit(database.db, clock, rule)).toEqual({ allowed: true });
  });

  it("counts every concurrent hit exactly once", async () => {
    const rule = { key: "test:concurrent", limit: 10, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 25 }, () => consumeRateLimit(database.db, clock, rule)));
    expect(results.filter((result) => result.allowed)).toHaveLength(10);
  });

  it("reports the longest wait among several exceeded rules, counting all of them", async () => {
    const rules = [
      { key: "test:ip", limit: 1, windowSeconds: 60 },
      { key: "test:account", limit: 1, windowSeconds: 600 },
    ];
    expect(await consumeRateLimits(database.db, clock, rules)).toEqual({ allowed: true });
    expect(await consumeRateLimits(database.db, clock, rules)).toEqual({ allowed: false, retryAfterSeconds: 600 });
  });

  it("peeks without counting: blocked once the recorded failures reach the limit, until the window ends", async () => {
    const rules = [
      { key: "test:peek:ip", limit: 2, windowSeconds: 600 },
      { key: "test:peek:basket", limit: 5, windowSeconds: 600 },
    ];
    for (let i = 0; i < 3; i++) expect(await peekRateLimits(database.db, clock, rules)).toEqual({ allowed: true });
    await consumeRateLimits(database.db, clock, rules);
    clock.advance(60_000);
    await consumeRateLimits(database.db, clock, rules);
    expect(await peekRateLimits(database.db, clock, rules)).toEqual({ allowed: false, retryAfterSeconds: 540 });
    clock.advance(540_000);
    expect(await peekRateLimits(database.db, clock, rules)).toEqual({ allowed: true });
  });

  it("prunes counters of long-past windows", async () => {
    await consumeRateLimit(database.db, clock, { key: "test:old", limit: 1, windowSeconds: 60 });
    clock.advance(2 * 86_400_000);
    expect(await pruneRateLimits(database.db, clock)).toBeGreaterThan(0);
  });
});
