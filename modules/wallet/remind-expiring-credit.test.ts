import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandId } from "../../lib/brand";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { outboxMessages } from "../mail/schema";
import { remindExpiringCredit } from "./remind-expiring-credit";
import { walletEntries } from "./schema";
import { addWalletCredit } from "./wallet";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const at = (date: string) => new Date(`${date}T12:00:00Z`);
const linkOrigin = (brand: BrandId) => `https://${brand}.example`;

describe("the wallet expiry reminder", () => {
  it("emails the shopper once, 30 days ahead, with the amount, the date and a link on their own brand", async () => {
    const customer = await insertCustomer(database.db, { brand: "livingsocial" });
    const credit = (amount: number, date: string) =>
      addWalletCredit(database.db, { customerId: customer.id, currency: "GBP", balanceType: "refundable", amount, reason: "refund", description: "Refund", at: at(date) });
    await credit(1250, "2026-01-10");
    await credit(800, "2026-03-01");

    // 31 days before the first expiry: too early.
    expect(await remindExpiringCredit(database.db, { now: at("2026-12-10"), linkOrigin, customerId: customer.id })).toBe(0);
    expect(await remindExpiringCredit(database.db, { now: at("2026-12-12"), linkOrigin, customerId: customer.id })).toBe(1);
    // The next day's run (or another instance) finds it already told.
    expect(await remindExpiringCredit(database.db, { now: at("2026-12-13"), linkOrigin, customerId: customer.id })).toBe(0);

    const [mail] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.to, customer.email)).orderBy(desc(outboxMessages.id));
    expect(mail.subject).toBe("Your wallet credit expires soon");
    expect(mail.from).toContain("LivingSocial");
    expect(mail.text).toContain("£12.50 expires on 10 January 2027");
    expect(mail.text).toContain("https://livingsocial.example/myaccount/wallet");
    expect(mail.text).not.toContain("£8.00");

    const reminded = await database.db.select({ amount: walletEntries.amount, remindedAt: walletEntries.remindedAt }).from(walletEntries).where(eq(walletEntries.customerId, customer.id)).orderBy(walletEntries.id);
    expect(reminded).toEqual([
      { amount: 1250, remindedAt: at("2026-12-12") },
      { amount: 800, remindedAt: null },
    ]);
  });

  it("does not remind of credit already spent or expired", async () => {
    const customer = await insertCustomer(database.db);
    await addWalletCredit(database.db, { customerId: customer.id, currency: "GBP", balanceType: "marketing", amount: 500, reason: "referral", description: "Referral", at: at("2025-01-10") });
    expect(await remindExpiringCredit(database.db, { now: at("2026-01-11"), linkOrigin, customerId: customer.id })).toBe(0);
  });
});
