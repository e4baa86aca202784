import { createHash } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCatalogBasics, insertDeal } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { insertMerchant, insertVoucher } from "../../tests/support/merchant-fixtures";
import { pdfTextLines } from "../../tests/support/pdf-text";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { auditEvents } from "../audit/schema";
import { merchants } from "../catalog/schema";
import { sealBankNumbers } from "../merchants/bank-details";
import { voucherRefunds } from "../refunds/schema";
import type { StaffActor } from "../staff/staff-actor";
import { statusEvents } from "../states/schema";
import { bacsText, bankFileCsv, createBankFile } from "./bank-file";
import { latestCutoff, parsePayoutCutoff, payoutDue } from "./cutoff";
import { approvePayout, markPayoutFailed, markPayoutPaid, retryPayout } from "./payout-actions";
import { payoutStatementCsv, payoutStatementPdf } from "./payout-statement";
import { findPayout, listPayouts, merchantPayouts, payoutLineViews } from "./read-payouts";
import { vouchers } from "../vouchers/schema";
import { runPayouts } from "./run-payouts";
import { payoutLines, payouts } from "./schema";

const LONDON = "Europe/London";
const KEY = createHash("sha256").update("payouts-test-key").digest();
const FINANCE: StaffActor = { staffUserId: 7, name: "Fran Finance", role: "finance", ip: "203.0.113.9" };
const cutoff = parsePayoutCutoff("Wednesday 14:00", LONDON)!;
let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
});
afterAll(() => database?.dispose());

/** A merchant of its own (commission 20%) with bank details and one deal, so each test's figures are its own. */
async function merchantWithDeal(name: string, terms: Partial<typeof merchants.$inferInsert> = {}) {
  const merchant = await insertMerchant(database.db, name, 2000);
  await database.db
    .update(merchants)
    .set({ bankAccountName: `${name} Ltd`, bankDetailsSealed: sealBankNumbers(KEY, { sortCode: "123456", accountNumber: "12345678" }), bankAccountLast4: "5678", ...terms })
    .where(eq(merchants.id, merchant.id));
  const deal = await insertDeal(database.db, basics, { merchantId: merchant.id });
  return { merchant, deal };
}

async function refund(voucher: Awaited<ReturnType<typeof insertVoucher>>, at: Date, cardAmount = voucher.paidCard) {
  const [row] = await database.db
    .insert(voucherRefunds)
    .values({
      voucherId: voucher.id,
      orderId: voucher.orderId,
      customerId: voucher.customerId,
      merchantId: voucher.merchantId,
      kind: "refund",
      destination: "original",
      currency: voucher.currency,
      cardAmount,
      refundableCredit: 0,
      marketingCredit: 0,
      actorType: "staff",
      createdAt: at,
    })
    .returning();
  return row;
}

const runAt = (now: string) => {
  const clock = new ManualClock(now);
  return { clock, run: () => runPayouts(database.db, clock, { cutoffAt: latestCutoff(cutoff, clock.now()), timeZone: LONDON, startedBy: "test" }) };
};
const payoutsOf = (merchantId: number) => database.db.select().from(payouts).where(eq(payouts.merchantId, merchantId)).orderBy(asc(payouts.id));

describe("the cut-off", () => {
  it("is the latest Wednesday 14:00 UK time at or before now, across the clock change", () => {
    expect(latestCutoff(cutoff, new Date("2026-11-25T14:00:00Z"))).toEqual(new Date("2026-11-25T14:00:00Z"));
    expect(latestCutoff(cutoff, new Date("2026-11-25T13:59:59Z"))).toEqual(new Date("2026-11-18T14:00:00Z"));
    expect(latestCutoff(cutoff, new Date("2026-11-29T09:00:00Z"))).toEqual(new Date("2026-11-25T14:00:00Z"));
    // Summer time: 14:00 in London is 13:00 UTC.
    expect(latestCutoff(cutoff, new Date("2026-07-02T09:00:00Z"))).toEqual(new Date("2026-07-01T13:00:00Z"));
    expect(parsePayoutCutoff("Friday 09:30", LONDON)).toEqual({ weekday: 5, hour: 9, minute: 30, timeZone: LONDON });
    expect(parsePayoutCutoff("Someday 25:00", LONDON)).toBeNull();
  });

  it("pays fortnightly merchants every second run and monthly ones in the first run of a month", () => {
    const last = new Date("2026-11-04T14:00:00Z");
    expect(payoutDue("weekly", last, new Date("2026-11-11T14:00:00Z"), LONDON)).toBe(true);
    expect(payoutDue("fortnightly", last, new Date("2026-11-11T14:00:00Z"), LONDON)).toBe(false);
    expect(payoutDue("fortnightly", last, new Date("2026-11-18T14:00:00Z"), LONDON)).toBe(true);
    expect(payoutDue("monthly", last, new Date("2026-11-25T14:00:00Z"), LONDON)).toBe(false);
    expect(payoutDue("monthly", last, new Date("2026-12-02T14:00:00Z"), LONDON)).toBe(true);
    expect(payoutDue("monthly", null, new Date("2026-11-25T14:00:00Z"), LONDON)).toBe(true);
  });
});

describe("a payout run", () => {
  it("pays redeemed vouchers up to the cut-off less 20% commission, once, and leaves the rest for later", async () => {
    const { merchant, deal } = await merchantWithDeal("Run Spa");
    const early = await insertVoucher(database.db, deal, { paidCard: 1000, paidRefundableCredit: 500, redeemedAt: new Date("2026-11-24T10:00:00Z"), status: "REDEEMED" });
    await insertVoucher(database.db, deal, { paidCard: 2500, redeemedAt: new Date("2026-11-25T14:30:00Z"), status: "REDEEMED" });
    await insertVoucher(database.db, deal, { paidCard: 4000 });
    const { run } = runAt("2026-11-25T15:00:00Z");
    await run();
    const [payout] = await payoutsOf(merchant.id);
    expect(payout).toMatchObject({ status: "draft", currency: "GBP", grossSales: 1500, refunds: 0, commission: 300, amount: 1200 });
    expect(await database.db.select({ voucherId: payoutLines.voucherId }).from(payoutLines).where(eq(payoutLines.payoutId, payout.id))).toEqual([{ voucherId: early.id }]);
    // The same run again pays nothing twice.
    expect((await run()).payoutsMade).toBe(0);
    expect(await payoutsOf(merchant.id)).toHaveLength(1);
    // The next week's run pays the voucher redeemed after the cut-off.
    await runAt("2026-12-02T15:00:00Z").run();
    const later = await payoutsOf(merchant.id);
    expect(later).toHaveLength(2);
    expect(later[1]).toMatchObject({ grossSales: 2500, commission: 500, amount: 2000 });
    const history = await database.db
      .select()
      .from(statusEvents)
      .where(and(eq(statusEvents.aggregate, "payout"), eq(statusEvents.aggregateId, later[1].id)));
    expect(history).toMatchObject([{ fromStatus: null, toStatus: "draft", actorType: "system" }]);
  });

  it("takes back a refund made after the voucher was paid; when refunds outweigh earnings the balance is carried forward", async () => {
    const { merchant, deal } = await merchantWithDeal("Clawback Cafe");
    const paid = await insertVoucher(database.db, deal, { paidCard: 5000, redeemedAt: new Date("2026-11-23T10:00:00Z"), status: "REDEEMED" });
    await runAt("2026-11-25T15:00:00Z").run();
    // A goodwill refund of the redeemed voucher after the payout, and a smaller new redemption.
    await refund(paid, new Date("2026-11-27T10:00:00Z"));
    await insertVoucher(database.db, deal, { paidCard: 1000, redeemedAt: new Date("2026-11-28T10:00:00Z"), status: "REDEEMED" });
    await runAt("2026-12-02T15:00:00Z").run();
    const [, carried] = await payoutsOf(merchant.id);
    expect(carried).toMatchObject({ status: "carried_forward", grossSales: 1000, refunds: 5000, commission: 200 - 1000, amount: 800 - 4000 });
    // The next week: 6000 earned, less the 3200 carried.
    await insertVoucher(database.db, deal, { paidCard: 7500, redeemedAt: new Date("2026-12-03T10:00:00Z"), status: "REDEEMED" });
    await runAt("2026-12-09T15:00:00Z").run();
    const all = await payoutsOf(merchant.id);
    expect(all[2]).toMatchObject({ status: "draft", carriedIn: -3200, amount: 6000 - 3200 });
    expect(all[1].carriedIntoPayoutId).toBe(all[2].id);
    // Carried once only.
    await insertVoucher(database.db, deal, { paidCard: 1000, redeemedAt: new Date("2026-12-10T10:00:00Z"), status: "REDEEMED" });
    await runAt("2026-12-16T15:00:00Z").run();
    expect((await payoutsOf(merchant.id))[3]).toMatchObject({ carriedIn: 0, amount: 800 });
  });

  it("pays a merchant on sale when sold, nets a refund made before the run, and never pays a refunded unredeemed voucher on redemption terms", async () => {
    const { merchant, deal } = await merchantWithDeal("Sale Shop", { payoutBasis: "sale" });
    const sold = await insertVoucher(database.db, deal, { paidCard: 3000, createdAt: new Date("2026-11-20T10:00:00Z") });
    const refunded = await insertVoucher(database.db, deal, { paidCard: 2000, createdAt: new Date("2026-11-21T10:00:00Z") });
    await refund(refunded, new Date("2026-11-22T10:00:00Z"));
    await runAt("2026-11-25T15:00:00Z").run();
    const [payout] = await payoutsOf(merchant.id);
    expect(payout).toMatchObject({ grossSales: 5000, refunds: 2000, commission: 600, amount: 2400 });
    expect((await payoutLineViews(database.db, payout.id)).map((line) => [line.code, line.kind, line.net])).toEqual([
      [sold.code, "earning", 2400],
      [refunded.code, "earning", 1600],
      [refunded.code, "refund", -1600],
    ]);

    const redemptionTerms = await merchantWithDeal("Redeem Only");
    const neverRedeemed = await insertVoucher(database.db, redemptionTerms.deal, { paidCard: 2000, createdAt: new Date("2026-11-21T10:00:00Z") });
    await refund(neverRedeemed, new Date("2026-11-22T10:00:00Z"));
    await runAt("2026-11-25T15:00:00Z").run();
    expect(await payoutsOf(redemptionTerms.merchant.id)).toEqual([]);
  });

  it("pays on sale only once fraud review released a sale: a held voucher waits, a cancelled one is never paid", async () => {
    const { merchant, deal } = await merchantWithDeal("Checked Shop", { payoutBasis: "sale" });
    const held = await insertVoucher(database.db, deal, { paidCard: 3000, createdAt: new Date("2026-11-20T10:00:00Z"), status: "HELD" });
    await insertVoucher(database.db, deal, { paidCard: 2000, createdAt: new Date("2026-11-20T11:00:00Z"), status: "CANCELLED" });
    await runAt("2026-11-25T15:00:00Z").run();
    expect(await payoutsOf(merchant.id)).toEqual([]);
    await database.db.update(vouchers).set({ status: "READY_TO_REDEEM" }).where(eq(vouchers.id, held.id));
    await runAt("2026-12-02T15:00:00Z").run();
    const [payout] = await payoutsOf(merchant.id);
    expect(payout).toMatchObject({ grossSales: 3000, amount: 2400 });
  });

  it("pays a fortnightly merchant every second week, with both weeks' vouchers", async () => {
    const { merchant, deal } = await merchantWithDeal("Fortnight Farm", { payoutFrequency: "fortnightly" });
    await insertVoucher(database.db, deal, { paidCard: 1000, redeemedAt: new Date("2026-11-02T10:00:00Z"), status: "REDEEMED" });
    await runAt("2026-11-04T15:00:00Z").run();
    await insertVoucher(database.db, deal, { paidCard: 1000, redeemedAt: new Date("2026-11-09T10:00:00Z"), status: "REDEEMED" });
    await runAt("2026-11-11T15:00:00Z").run();
    expect(await payoutsOf(merchant.id)).toHaveLength(1);
    await insertVoucher(database.db, deal, { paidCard: 1000, redeemedAt: new Date("2026-11-16T10:00:00Z"), status: "REDEEMED" });
    await runAt("2026-11-18T15:00:00Z").run();
    const [, second] = await payoutsOf(merchant.id);
    expect(second).toMatchObject({ grossSales: 2000, amount: 1600 });
  });
});

describe("finance", () => {
  it("approves, downloads the BACS file, marks paid; a returned payment fails and is retried into the next file; each step audited", async () => {
    const { merchant, deal } = await merchantWithDeal("Bacs & Sons, Mégastore");
    await insertVoucher(database.db, deal, { paidCard: 12_345, redeemedAt: new Date("2026-10-27T10:00:00Z"), status: "REDEEMED" });
    await runAt("2026-10-28T15:00:00Z").run();
    const [payout] = await payoutsOf(merchant.id);
    const clock = new ManualClock("2026-10-29T09:00:00Z");
    await expect(markPayoutPaid(database.db, clock, FINANCE, payout.id)).rejects.toMatchObject({ code: "PAYOUT_STATUS_CHANGED" });
    await approvePayout(database.db, clock, FINANCE, payout.id);
    await expect(markPayoutPaid(database.db, clock, FINANCE, payout.id)).rejects.toMatchObject({ code: "NOT_IN_BANK_FILE" });
    const fileId = await createBankFile(database.db, clock, FINANCE);
    const csv = await bankFileCsv(database.db, KEY, fileId);
    // Earlier tests' payouts are drafts: only this approved one is in the file.
    expect(csv).toBe(`123456,12345678,BACS & SONS MEGAST,98.76,DEALWISE PAYOUT ${payout.id},99\r\n`);
    await expect(createBankFile(database.db, clock, FINANCE)).rejects.toMatchObject({ code: "NOTHING_TO_PAY" });

    await expect(markPayoutFailed(database.db, clock, FINANCE, payout.id, "  ")).rejects.toMatchObject({ code: "FAILURE_REASON_REQUIRED" });
    await markPayoutFailed(database.db, clock, FINANCE, payout.id, "Account closed (ARUCS 0)");
    expect(await findPayout(database.db, payout.id)).toMatchObject({ status: "failed", failureReason: "Account closed (ARUCS 0)", bankFileId: null });
    await retryPayout(database.db, clock, FINANCE, payout.id);
    const secondFile = await createBankFile(database.db, clock, FINANCE);
    expect(secondFile).not.toBe(fileId);
    await markPayoutPaid(database.db, clock, FINANCE, payout.id);
    expect(await findPayout(database.db, payout.id)).toMatchObject({ status: "paid", bankFileId: secondFile, approvedByName: "Fran Finance" });

    const audit = await database.db.select().from(auditEvents).where(eq(auditEvents.entityType, "payout")).orderBy(asc(auditEvents.id));
    expect(audit.filter((row) => row.entityId === String(payout.id)).map((row) => row.action)).toEqual(["payout.approve", "payout.failed", "payout.retry", "payout.paid"]);
    const history = await database.db
      .select()
      .from(statusEvents)
      .where(and(eq(statusEvents.aggregate, "payout"), eq(statusEvents.aggregateId, payout.id)))
      .orderBy(asc(statusEvents.id));
    expect(history.map((row) => row.toStatus)).toEqual(["draft", "approved", "failed", "approved", "paid"]);
  });

  it("refuses to approve a payout in pounds for a merchant without bank details", async () => {
    const { merchant, deal } = await merchantWithDeal("No Bank Barn", { bankDetailsSealed: null, bankAccountLast4: null });
    await insertVoucher(database.db, deal, { paidCard: 1000, redeemedAt: new Date("2026-10-20T10:00:00Z"), status: "REDEEMED" });
    await runAt("2026-10-21T15:00:00Z").run();
    const [payout] = await payoutsOf(merchant.id);
    await expect(approvePayout(database.db, new ManualClock("2026-10-22T09:00:00Z"), FINANCE, payout.id)).rejects.toMatchObject({ code: "NO_BANK_DETAILS" });
    expect((await findPayout(database.db, payout.id))?.status).toBe("draft");
  });

  it("keeps BACS fields to the characters and length a bureau accepts", () => {
    expect(bacsText("Café Noël & Co., Ltd — 'Best'")).toBe("CAFE NOEL & CO. LT");
    expect(bacsText("=cmd|' /C calc'!A0")).toBe("CMD /C CALCA0");
    expect(bacsText("-2+3 Ltd")).toBe("23 LTD");
  });
});

describe("the statement", () => {
  it("lists the payout's figures and every voucher it covers, as CSV and PDF, and only to its merchant", async () => {
    const { merchant, deal } = await merchantWithDeal("Statement Studio");
    const voucher = await insertVoucher(database.db, deal, { paidCard: 2000, redeemedAt: new Date("2026-09-28T10:00:00Z"), status: "REDEEMED" });
    await runAt("2026-09-30T15:00:00Z").run();
    const [row] = await payoutsOf(merchant.id);
    const payout = (await findPayout(database.db, row.id, merchant.id))!;
    expect(await findPayout(database.db, row.id, basics.merchant.id)).toBeNull();
    expect((await merchantPayouts(database.db, merchant.id)).map((one) => one.id)).toEqual([row.id]);
    const lines = await payoutLineViews(database.db, row.id);
    const csv = payoutStatementCsv(payout, lines, LONDON);
    expect(csv).toContain("Sales,20.00\r\n");
    expect(csv).toContain("Commission (20%),-4.00\r\n");
    expect(csv).toContain("Paid to you,16.00\r\n");
    expect(csv).toContain(`2026-09-28,Earned,${voucher.code},`);
    const pdf = await payoutStatementPdf(payout, lines, { brandName: "Dealwise", timeZone: LONDON }, { compress: false });
    const text = pdfTextLines(pdf.toString("latin1")).join("\n");
    expect(text).toContain(`Payout ${row.id} statement`);
    expect(text).toContain("Paid to you: £16.00");
    expect(text).toContain(voucher.code);
    expect((await listPayouts(database.db, { status: "draft" })).some((one) => one.id === row.id)).toBe(true);
  });
});
