import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { pruneOrderAttempts } from "./prune-order-attempts";
import { type OrderAttemptStatus, orderAttempts } from "./schema";

let database: TestDatabase;
const clock = new ManualClock("2026-03-30T10:00:00Z");
const DAY = 86_400_000;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database.dispose());

describe("pruning order attempts", () => {
  it("deletes settled attempts older than 30 days and keeps recent, pending and unsettled-authorization ones", async () => {
    const attempt = (key: string, status: OrderAttemptStatus, daysAgo: number, authorization: "none" | "settled" | "unsettled") => {
      const at = new Date(clock.now().getTime() - daysAgo * DAY);
      return {
        basketId: 1,
        idempotencyKey: key,
        status,
        authorizationId: authorization === "none" ? null : `auth-${key}`,
        authorizationSettledAt: authorization === "settled" ? at : null,
        createdAt: at,
        updatedAt: at,
      };
    };
    await database.db
      .insert(orderAttempts)
      .values([
        attempt("old-paid", "succeeded", 31, "settled"),
        attempt("old-declined", "failed", 45, "none"),
        attempt("old-voided", "failed", 40, "settled"),
        attempt("old-unsettled", "failed", 60, "unsettled"),
        attempt("old-pending", "pending", 31, "none"),
        attempt("recent-paid", "succeeded", 29, "settled"),
      ]);
    expect(await pruneOrderAttempts(database.db, clock)).toBe(3);
    const left = (await database.db.select({ key: orderAttempts.idempotencyKey }).from(orderAttempts)).map((row) => row.key).sort();
    expect(left).toEqual(["old-pending", "old-unsettled", "recent-paid"]);
  });
});
