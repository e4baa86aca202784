import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { promoCodes } from "../modules/promotions/schema";
import { type TestDatabase, createTestDatabase } from "../tests/support/test-db";
import { isUniqueViolation } from "./unique-violation";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.dispose());

const code = (letters: string) => ({
  brand: "wowcher" as const,
  code: letters,
  kind: "fixed" as const,
  value: 500,
  minimumSpend: 0,
  startsAt: new Date("2026-12-01T00:00:00Z"),
  endsAt: new Date("2026-12-31T00:00:00Z"),
  createdAt: new Date("2026-11-28T00:00:00Z"),
});

describe("isUniqueViolation", () => {
  it("recognises the named unique index a statement broke, and nothing else", async () => {
    await database.db.insert(promoCodes).values(code("TWICE"));
    const error = await database.db
      .insert(promoCodes)
      .values(code("twice"))
      .then(() => null)
      .catch((failure: unknown) => failure);
    expect(error).not.toBeNull();
    expect(isUniqueViolation(error, "promo_codes_brand_code_uq")).toBe(true);
    expect(isUniqueViolation(error, "orders_idempotency_key_uq")).toBe(false);
    expect(isUniqueViolation(new Error("connection reset"), "promo_codes_brand_code_uq")).toBe(false);
  });
});
