import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHOPPER_SIGN_IN } from "../../modules/accounts/authenticate";
import { MERCHANT_SIGN_IN } from "../../modules/merchants/authenticate-merchant-user";
import { BRANDS } from "../../lib/brand";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { checkSignInLimit, clearSignInLimit, RATE_LIMITS } from "./rate-limits";

let database: TestDatabase;
const clock = new ManualClock("2026-03-02T10:00:00Z");
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.dispose());

describe("sign-in rate limits per kind", () => {
  it("counts each kind against its own policy, per email, until the window ends", async () => {
    const services = { db: database.db, clock, brand: BRANDS.wowcher, clientIp: "203.0.113.9" };
    const perAccount = RATE_LIMITS.login.perAccount.limit;
    for (let attempt = 0; attempt < perAccount; attempt++) expect(await checkSignInLimit(services, SHOPPER_SIGN_IN, "ann@example.com")).toEqual({ allowed: true });
    expect(await checkSignInLimit(services, SHOPPER_SIGN_IN, "Ann@Example.com")).toMatchObject({ allowed: false });
    // The portal's sign-in is counted apart.
    expect(await checkSignInLimit(services, MERCHANT_SIGN_IN, "ann@example.com")).toEqual({ allowed: true });
    clock.advance(RATE_LIMITS.login.perAccount.windowSeconds * 1000 + 1);
    expect(await checkSignInLimit(services, SHOPPER_SIGN_IN, "ann@example.com")).toEqual({ allowed: true });
    await expect(checkSignInLimit(services, { name: "staff", rateLimits: { signIn: "noSuchPolicy" } }, "x@example.com")).rejects.toThrow(/noSuchPolicy/);
  });

  it("starts an account's count again after a sign-in succeeds, but keeps its client IP's", async () => {
    const services = { db: database.db, clock, brand: BRANDS.wowcher, clientIp: "203.0.113.10" };
    const perAccount = RATE_LIMITS.login.perAccount.limit;
    for (let attempt = 0; attempt < perAccount; attempt++) await checkSignInLimit(services, SHOPPER_SIGN_IN, "bea@example.com");
    expect(await checkSignInLimit(services, SHOPPER_SIGN_IN, "bea@example.com")).toMatchObject({ allowed: false });
    await clearSignInLimit(services, SHOPPER_SIGN_IN, "Bea@example.com");
    expect(await checkSignInLimit(services, SHOPPER_SIGN_IN, "bea@example.com")).toEqual({ allowed: true });
    // The IP's own count (12 of 30 here) was not cleared: 18 more from it, then refused, whatever the email.
    for (let attempt = 0; attempt < RATE_LIMITS.login.perIp.limit - perAccount - 2; attempt++) await checkSignInLimit(services, SHOPPER_SIGN_IN, `guess-${attempt}@example.com`);
    expect(await checkSignInLimit(services, SHOPPER_SIGN_IN, "bea@example.com")).toMatchObject({ allowed: false });
  });
});
