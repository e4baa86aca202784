import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../db/client";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { expireWalletCredit } from "./expire-credit";
import { walletEntries } from "./schema";
import { addWalletCredit, spendWalletCredit, walletBalance } from "./wallet";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const at = (date: string) => new Date(`${date}T12:00:00Z`);

async function creditOf(customerId: number, amount: number, date: string, currency: "GBP" | "EUR" = "GBP") {
  await addWalletCredit(database.db, { customerId, currency, balanceType: "refundable", amount, reason: "goodwill", description: "Sorry", at: at(date), voucherId: 91000001 });
}

const entriesOf = (customerId: number) => database.db.select().from(walletEntries).where(eq(walletEntries.customerId, customerId)).orderBy(walletEntries.id);

describe("expiring wallet credit", () => {
  it("writes one expiry entry for what is left of each overdue credit, leaves later credit alone, and does nothing the second time", async () => {
    const customer = await insertCustomer(database.db);
    await creditOf(customer.id, 1000, "2026-01-10");
    await creditOf(customer.id, 700, "2026-06-01");
    await spendWalletCredit(database.db, { customerId: customer.id, currency: "GBP", use: { refundable: 400, marketing: 0 }, orderId: 70000001, at: at("2026-03-01") });
    const now = at("2027-02-01");
    const before = await walletBalance(database.db, customer.id, "GBP", { now });

    expect(await expireWalletCredit(database.db, now)).toBeGreaterThanOrEqual(1);
    expect(await expireWalletCredit(database.db, now, { customerId: customer.id })).toBe(0);

    const entries = await entriesOf(customer.id);
    const expiries = entries.filter((entry) => entry.reason === "expiry");
    // The first credit had 600 left of 1000 (400 spent first, as it expires first); the second is not due.
    expect(expiries.map(({ amount, createdAt, voucherId, description }) => ({ amount, createdAt, voucherId, description }))).toEqual([
      { amount: -600, createdAt: at("2027-01-10"), voucherId: 91000001, description: "Expired: Sorry" },
    ]);
    expect(entries.filter((entry) => entry.amount > 0).map((entry) => entry.remaining)).toEqual([0, 700]);
    // The balance the shopper saw already left expired credit out: the entry makes the ledger say so.
    expect(await walletBalance(database.db, customer.id, "GBP", { now })).toEqual(before);
    expect(before).toEqual({ refundable: 700, marketing: 0 });
  });

  it("works through every wallet in batches, each currency on its own", async () => {
    const customers = await Promise.all([1, 2, 3].map(() => insertCustomer(database.db)));
    for (const customer of customers) {
      await creditOf(customer.id, 250, "2025-05-01");
      await creditOf(customer.id, 300, "2025-05-02", "EUR");
    }
    await expireWalletCredit(database.db, at("2026-06-01"), { batchSize: 2 });
    for (const customer of customers) {
      const expiries = await database.db
        .select({ currency: walletEntries.currency, amount: walletEntries.amount })
        .from(walletEntries)
        .where(and(eq(walletEntries.customerId, customer.id), eq(walletEntries.reason, "expiry")))
        .orderBy(walletEntries.currency);
      expect(expiries).toEqual([
        { currency: "EUR", amount: -300 },
        { currency: "GBP", amount: -250 },
      ]);
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)("two instances expiring at once (PostgreSQL)", () => {
  let instances: Database[];
  beforeAll(async () => {
    instances = await Promise.all([1, 2].map(() => openDatabase({ url: database.url, poolSize: 5, connectionTimeoutMs: 60_000 })));
  });
  afterAll(async () => {
    await Promise.all((instances ?? []).map((instance) => instance.close()));
  });

  it("writes exactly one expiry entry per credit", async () => {
    const customers = await Promise.all(Array.from({ length: 30 }, () => insertCustomer(database.db)));
    for (const customer of customers) {
      await creditOf(customer.id, 500, "2024-03-01");
      await creditOf(customer.id, 200, "2024-03-02");
    }
    const now = at("2025-06-01");
    const counts = await Promise.all(instances.flatMap((instance) => [expireWalletCredit(instance.db, now, { batchSize: 7 }), expireWalletCredit(instance.db, now, { batchSize: 7 })]));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(60);
    for (const customer of customers) {
      const expiries = (await entriesOf(customer.id)).filter((entry) => entry.reason === "expiry");
      expect(expiries.map((entry) => entry.amount).sort()).toEqual([-200, -500]);
      expect(await walletBalance(database.db, customer.id, "GBP", { now })).toEqual({ refundable: 0, marketing: 0 });
    }
  });
});
