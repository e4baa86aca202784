/**
 * Two instances run payouts at the same moment, each through its own connection pool (as two app
 * servers would): the same run twice, and two runs of different cut-offs that both cover the same
 * vouchers. Every voucher is paid once and the merchant's payouts add up to what it earned; two
 * presses of "Create bank file" make one file. Concurrency needs a real server: PostgreSQL only.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertDeal } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { insertMerchant, insertVoucher } from "../../tests/support/merchant-fixtures";
import { twoInstancesOnOneDatabase } from "../../tests/support/two-instances";
import { createBankFile } from "./bank-file";
import { payoutLines, payouts } from "./schema";
import { runPayouts } from "./run-payouts";

const LONDON = "Europe/London";
const FINANCE = [
  { staffUserId: 71, name: "Fay", role: "finance" as const },
  { staffUserId: 72, name: "Finn", role: "finance" as const },
];

describe.skipIf(!process.env.DATABASE_URL)("payout runs under concurrency (PostgreSQL)", () => {
  const setup = twoInstancesOnOneDatabase(2);

  it("pays each voucher once when two instances run the same cut-off, or two cut-offs, at once", async () => {
    const { database, servers, basics } = setup;
    const clock = new ManualClock("2027-01-20T15:00:00Z");
    for (let round = 0; round < 4; round++) {
      const merchant = await insertMerchant(database.db, `Race Merchant ${round}`, 2000);
      const deal = await insertDeal(database.db, basics, { merchantId: merchant.id });
      for (let i = 0; i < 20; i++) {
        await insertVoucher(database.db, deal, { paidCard: 1000 + i, redeemedAt: new Date(Date.UTC(2026, 11, 1 + i, 10)), status: "REDEEMED" });
      }
      // Rounds 0–1: the same cut-off on both; rounds 2–3: a late run and the next week's run at once.
      const weekOf = (week: number) => new Date(Date.UTC(2027, 0, 6 + 7 * week + round * 14, 14));
      const cutoffs = round < 2 ? [weekOf(0), weekOf(0)] : [weekOf(0), weekOf(1)];
      await Promise.all(servers.map((server, i) => runPayouts(server.db, clock, { cutoffAt: cutoffs[i], timeZone: LONDON, startedBy: `instance ${i + 1}` })));
      const earned = await database.db
        .select({ voucherId: payoutLines.voucherId, times: sql<number>`count(*)`.mapWith(Number) })
        .from(payoutLines)
        .innerJoin(payouts, eq(payouts.id, payoutLines.payoutId))
        .where(eq(payouts.merchantId, merchant.id))
        .groupBy(payoutLines.voucherId);
      expect(earned).toHaveLength(20);
      expect(earned.every((line) => line.times === 1)).toBe(true);
      const made = await database.db.select().from(payouts).where(eq(payouts.merchantId, merchant.id));
      const gross = 20 * 1000 + (19 * 20) / 2;
      expect(made.reduce((sum, payout) => sum + payout.grossSales, 0)).toBe(gross);
      expect(made.reduce((sum, payout) => sum + payout.amount, 0)).toBe(made.reduce((sum, payout) => sum + payout.grossSales - payout.commission, 0));
    }
  });

  it("two presses of Create bank file at once make one file with each approved payout once", async () => {
    const { database, servers } = setup;
    const clock = new ManualClock("2027-03-01T09:00:00Z");
    await database.db.update(payouts).set({ status: "approved" }).where(eq(payouts.status, "draft"));
    const approved = await database.db.select({ id: payouts.id }).from(payouts).where(eq(payouts.status, "approved"));
    expect(approved.length).toBeGreaterThan(0);
    const outcomes = await Promise.allSettled(servers.map((server, i) => createBankFile(server.db, clock, FINANCE[i])));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect(outcomes.find((outcome) => outcome.status === "rejected")).toMatchObject({ reason: { code: "NOTHING_TO_PAY" } });
    const filed = await database.db.select({ fileId: payouts.bankFileId }).from(payouts).where(eq(payouts.status, "approved"));
    expect(new Set(filed.map((row) => row.fileId)).size).toBe(1);
    expect(filed.every((row) => row.fileId !== null)).toBe(true);
  });
});
