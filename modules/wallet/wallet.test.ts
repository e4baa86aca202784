import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { walletEntries } from "./schema";
import { addWalletCredit, debitWalletAdjustment, spendWalletCredit, walletBalance } from "./wallet";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const at = (date: string) => new Date(`${date}T12:00:00Z`);

describe("wallet credit lots", () => {
  it("expires credit 12 months after it arrived, spends the credit that expires first, and stops counting expired credit", async () => {
    const customer = await insertCustomer(database.db);
    const credit = (amount: number, date: string) =>
      addWalletCredit(database.db, { customerId: customer.id, currency: "GBP", balanceType: "refundable", amount, reason: "goodwill", description: "Sorry", at: at(date) });
    await credit(1000, "2026-01-10");
    await credit(500, "2026-06-01");
    await spendWalletCredit(database.db, { customerId: customer.id, currency: "GBP", use: { refundable: 1200, marketing: 0 }, orderId: 70000001, at: at("2026-07-01") });

    const credits = await database.db.select().from(walletEntries).where(eq(walletEntries.customerId, customer.id)).orderBy(walletEntries.id);
    expect(credits.map(({ amount, remaining, expiresAt }) => ({ amount, remaining, expiresAt }))).toEqual([
      { amount: 1000, remaining: 0, expiresAt: at("2027-01-10") },
      { amount: 500, remaining: 300, expiresAt: at("2027-06-01") },
      { amount: -1200, remaining: null, expiresAt: null },
    ]);
    expect(await walletBalance(database.db, customer.id, "GBP", { now: at("2027-05-31") })).toEqual({ refundable: 300, marketing: 0 });
    // Past its expiry what is left no longer counts, even before the expiry job writes its entry.
    expect(await walletBalance(database.db, customer.id, "GBP", { now: at("2027-06-02") })).toEqual({ refundable: 0, marketing: 0 });
    await expect(
      spendWalletCredit(database.db, { customerId: customer.id, currency: "GBP", use: { refundable: 100, marketing: 0 }, orderId: 70000002, at: at("2027-06-02") }),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_CREDIT" });
  });
});

describe("a staff debit of the wallet", () => {
  it("takes from the credits that expire first, writes a negative adjustment entry, and refuses more than the balance", async () => {
    const customer = await insertCustomer(database.db);
    const credit = (amount: number, date: string) =>
      addWalletCredit(database.db, { customerId: customer.id, currency: "GBP", balanceType: "marketing", amount, reason: "goodwill", description: "Sorry", at: at(date) });
    await credit(500, "2026-06-01");
    await credit(1000, "2026-01-10");
    const debit = (amount: number) =>
      debitWalletAdjustment(database.db, { customerId: customer.id, currency: "GBP", balanceType: "marketing", amount, description: "Correction", at: at("2026-07-01") });
    expect(await debit(1200)).toEqual({ ok: true });
    expect(await debit(301)).toEqual({ ok: false, balance: 300 });
    const entries = await database.db.select().from(walletEntries).where(eq(walletEntries.customerId, customer.id)).orderBy(walletEntries.id);
    expect(entries.map(({ amount, remaining, reason }) => ({ amount, remaining, reason }))).toEqual([
      { amount: 500, remaining: 300, reason: "goodwill" },
      { amount: 1000, remaining: 0, reason: "goodwill" },
      { amount: -1200, remaining: null, reason: "adjustment" },
    ]);
    expect(await walletBalance(database.db, customer.id, "GBP", { now: at("2026-07-01") })).toEqual({ refundable: 0, marketing: 300 });
  });
});
