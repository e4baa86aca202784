/**
 * Each report's figures reconcile with the ledger they come from: orders placed through checkout,
 * a refund to the wallet, gift cards, Club points and a payout run, then every report is compared
 * with the orders, lines, refunds, wallet balances, cards, points and payouts read directly. A
 * second database holds vouchers redeemed at known times and VIP memberships that join, renew,
 * cancel, end and are refunded, for the redemption and VIP reports.
 */
import { and, eq, inArray, isNotNull, like, ne, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics, insertMoreCategories } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { buyVouchers } from "../../tests/support/voucher-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { insertSavedCard } from "../../tests/support/vip-fixtures";
import { deals, merchants } from "../catalog/schema";
import { giftCards } from "../gift-cards/schema";
import { loyaltyEntries } from "../loyalty/schema";
import { orderLines, orders } from "../orders/schema";
import { SandboxPaymentProvider } from "../payments/sandbox/sandbox-provider";
import { runPayouts } from "../payouts/run-payouts";
import { payouts } from "../payouts/schema";
import { refundVoucher } from "../refunds/refund-voucher";
import { voucherRefunds } from "../refunds/schema";
import { buyVipYear } from "../vip/buy-vip-year";
import { expireMemberships } from "../vip/expire-memberships";
import { remindRenewals } from "../vip/remind-renewal";
import { renewDueMemberships } from "../vip/renew-membership";
import { cancelRenewal } from "../vip/renewal-settings";
import { vipCharges } from "../vip/schema";
import { startFreeTrial } from "../vip/start-free-trial";
import { refundVipCharge } from "../vip-rewards/refund-vip-charge";
import { redeemVoucher } from "../vouchers/redeem-voucher";
import { vouchers } from "../vouchers/schema";
import { walletBalance } from "../wallet/wallet";
import { redemptionByCategory } from "./redemption-report";
import { reportCsv } from "./report-csv";
import { reportPeriod } from "./report-period";
import type { ReportTable } from "./report-table";
import { allReports, REPORTS } from "./reports";
import { vipMembershipsReport } from "./vip-report";

const clock = new ManualClock("2026-11-10T10:00:00Z");
let database: TestDatabase;
let reports: Record<string, ReportTable>;
const { period } = reportPeriod({ from: "2026-11-01", to: "2026-11-30" }, new Date("2026-11-29T12:00:00Z"));
const sum = (table: ReportTable, column: string) => table.rows.reduce((total, row) => total + Number(row[column] ?? 0), 0);
let shopperIds: number[] = [];
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
  await database.db.update(merchants).set({ payoutBasis: "sale" }).where(eq(merchants.id, basics.merchant.id));
  const first = await buyVouchers(database.db, basics, clock, { quantity: 2, walletCredit: 500 });
  clock.advance(2 * 86_400_000);
  const second = await buyVouchers(database.db, basics, clock, { quantity: 1, protection: true });
  clock.advance(86_400_000);
  const services = { provider: new SandboxPaymentProvider(database.db, clock), clock, log: pino({ level: "silent" }), linkOrigin: "http://localhost:3000" };
  await refundVoucher(database.db, services, {
    voucherId: first.vouchers[0].id,
    customerId: first.customer.id,
    destination: "wallet",
    actor: { type: "customer", id: String(first.customer.id) },
    reason: "Bought the wrong date",
  });
  shopperIds = [first.customer.id, second.customer.id];
  // A gift card bought, one redeemed, one outside the period's end.
  const card = (code: string, amount: number, extra: Partial<typeof giftCards.$inferInsert> = {}) => ({
    code,
    currency: "GBP" as const,
    amount,
    orderId: first.order.id,
    orderLineId: 1,
    buyerCustomerId: first.customer.id,
    expiresAt: new Date("2027-05-10T00:00:00Z"),
    createdAt: new Date("2026-11-11T10:00:00Z"),
    ...extra,
  });
  await database.db
    .insert(giftCards)
    .values([
      card("GIFT-OPEN-0001", 2500),
      card("GIFT-USED-0002", 1000, { status: "REDEEMED", redeemedAt: new Date("2026-11-12T10:00:00Z"), redeemedByCustomerId: second.customer.id }),
      card("GIFT-LATE-0003", 4000, { createdAt: new Date("2026-12-02T10:00:00Z") }),
    ]);
  await database.db.insert(loyaltyEntries).values([
    { customerId: first.customer.id, kind: "purchase", points: 190, remaining: 190, earnKey: "report:1", description: "Purchase", createdAt: new Date("2026-11-20T10:00:00Z") },
    { customerId: first.customer.id, kind: "exchange", points: -100, earnKey: "report:2", description: "Exchange", createdAt: new Date("2026-11-21T10:00:00Z") },
  ]);
  await runPayouts(database.db, clock, { cutoffAt: new Date("2026-11-18T14:00:00Z"), timeZone: "Europe/London", startedBy: "test" });
  reports = Object.fromEntries((await allReports(database.db, period)).map((report) => [report.id, report]));
}, 60_000);
afterAll(() => database?.dispose());

describe("the reports reconcile with their ledgers", () => {
  it("sales by day and by brand add up to what shoppers paid for the period's orders", async () => {
    const [paid] = await database.db
      .select({
        orders: sql<number>`count(*)`.mapWith(Number),
        sales: sql<number>`sum(${orders.total} + ${orders.walletRefundableUsed} + ${orders.walletMarketingUsed})`.mapWith(Number),
      })
      .from(orders);
    expect(paid.orders).toBe(2);
    expect(reports["sales-by-day"].rows.map((row) => row.day)).toEqual(["2026-11-10", "2026-11-12"]);
    for (const id of ["sales-by-day", "sales-by-brand"]) {
      expect(sum(reports[id], "orders")).toBe(paid.orders);
      expect(sum(reports[id], "sales")).toBe(paid.sales);
    }
  });

  it("sales by category and location, and the top deals, add up to the deal lines sold", async () => {
    const [lines] = await database.db
      .select({ units: sql<number>`sum(${orderLines.quantity})`.mapWith(Number), value: sql<number>`sum(${orderLines.lineTotal})`.mapWith(Number) })
      .from(orderLines)
      .where(eq(orderLines.kind, "deal"));
    expect(lines.units).toBe(3);
    for (const id of ["sales-by-category", "sales-by-location", "top-deals"]) {
      expect(sum(reports[id], "units")).toBe(lines.units);
      expect(sum(reports[id], "value")).toBe(lines.value);
    }
  });

  it("refunds add up to the money given back, by reason", async () => {
    const given = await database.db.select().from(voucherRefunds);
    expect(given).toHaveLength(1);
    expect(reports.refunds.rows).toEqual([
      {
        kind: "Refund to the wallet",
        reason: "Bought the wrong date",
        currency: "GBP",
        vouchers: 1,
        amount: given[0].cardAmount + given[0].refundableCredit + given[0].marketingCredit,
      },
    ]);
  });

  it("liabilities at the period's end equal the wallets, the open gift cards, the Club points and the unpaid payouts", async () => {
    const at = new Date(period.end.getTime() - 1);
    const balances = await Promise.all(shopperIds.map((id) => walletBalance(database.db, id, "GBP", { now: at })));
    const row = (liability: string) => reports.liabilities.rows.find((one) => one.liability === liability);
    expect(row("Wallet credit (refundable)")?.money).toBe(balances.reduce((total, balance) => total + balance.refundable, 0));
    expect(row("Wallet credit (marketing)")?.money ?? 0).toBe(balances.reduce((total, balance) => total + balance.marketing, 0));
    expect(row("Gift cards not yet redeemed")?.money).toBe(2500);
    expect(row("Club points")?.points).toBe(90);
    const unpaid = await database.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.status, "draft")));
    expect(unpaid.length).toBeGreaterThan(0);
    expect(row("Merchant payouts not yet paid")?.money).toBe(unpaid.reduce((total, payout) => total + payout.amount, 0));
  });

  it("writes each report as CSV with money in pounds", () => {
    const csv = reportCsv(reports["sales-by-brand"], period);
    expect(csv.split("\r\n")[0]).toBe("Sales by brand,2026-11-01,2026-11-30");
    expect(csv.split("\r\n")[1]).toBe("Brand,Currency,Orders,Sales");
    expect(csv.split("\r\n")[2]).toMatch(/^Wowcher,GBP,2,\d+\.\d{2}$/);
  });

  it("refuses a period that is not one, and defaults to this month so far", () => {
    expect(reportPeriod({ from: "2026-11-31", to: "2026-12-01" }, new Date("2026-11-29T12:00:00Z")).error).toMatch(/valid period/);
    expect(reportPeriod({}, new Date("2026-11-29T12:00:00Z")).period).toMatchObject({ from: "2026-11-01", to: "2026-11-29" });
  });

  it("leaves out an order fraud review rejected: it was never a sale", async () => {
    const rejected = await buyVouchers(database.db, basics, clock, { quantity: 3 });
    await database.db.update(orders).set({ status: "CANCELLED" }).where(eq(orders.id, rejected.order.id));
    const again = Object.fromEntries((await allReports(database.db, period)).map((report) => [report.id, report]));
    for (const id of ["sales-by-day", "sales-by-brand", "sales-by-category", "top-deals"]) expect(again[id].rows).toEqual(reports[id].rows);
  });
});

/** Moves a test clock forward to an instant (never back). */
function advanceTo(clock: ManualClock, instant: string): Date {
  const at = new Date(instant);
  if (at.getTime() < clock.now().getTime()) throw new Error(`the clock is past ${instant}`);
  clock.advance(at.getTime() - clock.now().getTime());
  return at;
}

describe("the redemption and VIP reports reconcile with the vouchers and the memberships", () => {
  let second: TestDatabase;
  let redemption: ReportTable;
  let vip: ReportTable;
  let periodOrderIds: number[] = [];

  beforeAll(async () => {
    second = await createTestDatabase();
    const db = second.db;
    const basics = await insertCatalogBasics(db);
    const { electricals } = await insertMoreCategories(db, basics);

    // Vouchers: one bought before the period, four spa days (Beauty), three gadgets (Electricals), one parcel.
    const voucherClock = new ManualClock("2026-10-20T10:00:00Z");
    const early = await buyVouchers(db, basics, voucherClock, { quantity: 1 });
    advanceTo(voucherClock, "2026-11-02T10:00:00Z");
    const spa = await buyVouchers(db, basics, voucherClock, { quantity: 4 });
    advanceTo(voucherClock, "2026-11-03T10:00:00Z");
    const gadgets = await buyVouchers(db, basics, voucherClock, { quantity: 3 });
    await db.update(deals).set({ categoryId: electricals.id, subCategoryId: electricals.id }).where(eq(deals.id, gadgets.deal.id));
    advanceTo(voucherClock, "2026-11-03T12:00:00Z");
    const parcel = await buyVouchers(db, basics, voucherClock, { quantity: 1 });
    // Goods sent by post are delivered, not redeemed: left out of the report.
    await db.update(vouchers).set({ physical: true }).where(eq(vouchers.id, parcel.vouchers[0].id));
    periodOrderIds = [spa.order.id, gadgets.order.id, parcel.order.id];
    const redeem = (code: string, instant: string) =>
      redeemVoucher(db, { merchantId: basics.merchant.id, merchantUserId: 7, code, at: advanceTo(voucherClock, instant), timeZone: "Europe/London" });
    await redeem(spa.vouchers[0].code, "2026-11-04T10:00:00Z"); // 2.0 days
    await redeem(early.vouchers[0].code, "2026-11-05T10:00:00Z"); // sold before the period
    await redeem(gadgets.vouchers[0].code, "2026-11-06T22:00:00Z"); // 3.5 days
    advanceTo(voucherClock, "2026-11-07T10:00:00Z");
    const services = { provider: new SandboxPaymentProvider(db, voucherClock), clock: voucherClock, log: pino({ level: "silent" }), linkOrigin: "http://localhost:3000" };
    await refundVoucher(db, services, {
      voucherId: spa.vouchers[2].id,
      customerId: spa.customer.id,
      destination: "wallet",
      actor: { type: "customer", id: String(spa.customer.id) },
      reason: "Changed my mind",
    });
    await redeem(spa.vouchers[1].code, "2026-11-12T10:00:00Z"); // 10.0 days
    // Sold and never used: an expired voucher stays in the count.
    await db.update(vouchers).set({ status: "EXPIRED" }).where(eq(vouchers.id, gadgets.vouchers[2].id));

    // VIP: D's trial ends in the period after a cancel before it; A's trial turns into a paid year
    // in it and that charge is refunded; B (trial, then cancels renewal) and C (in euro) join; E buys a year.
    const vipClock = new ManualClock("2026-09-10T10:00:00Z");
    const linkOrigin = "https://www.wowcher.co.uk";
    const actorOf = (customerId: number) => ({ type: "customer" as const, id: String(customerId) });
    const trial = async (brand: "wowcher" | "wowcherie" = "wowcher") => {
      const customer = await insertCustomer(db, { brand });
      const card = await insertSavedCard(db, vipClock, customer.id);
      await startFreeTrial(db, { customerId: customer.id, instrumentId: card.id, now: vipClock.now(), actor: actorOf(customer.id), linkOrigin });
      return customer;
    };
    const cancel = (customerId: number) => cancelRenewal(db, { customerId, now: vipClock.now(), actor: actorOf(customerId), linkOrigin });
    const memberD = await trial();
    advanceTo(vipClock, "2026-09-11T10:00:00Z");
    await cancel(memberD.id);
    advanceTo(vipClock, "2026-09-16T10:00:00Z");
    const memberA = await trial();
    advanceTo(vipClock, "2026-11-02T10:00:00Z");
    expect(await remindRenewals(db, { now: vipClock.now(), linkOrigin: () => linkOrigin, customerId: memberA.id })).toBe(1);
    advanceTo(vipClock, "2026-11-05T10:00:00Z");
    const memberB = await trial();
    advanceTo(vipClock, "2026-11-06T10:00:00Z");
    await cancel(memberB.id);
    advanceTo(vipClock, "2026-11-08T10:00:00Z");
    await trial("wowcherie");
    advanceTo(vipClock, "2026-11-10T10:00:00Z");
    expect(await expireMemberships(db, { now: vipClock.now(), customerId: memberD.id })).toBe(1);
    advanceTo(vipClock, "2026-11-12T10:00:00Z");
    const memberE = await insertCustomer(db);
    await db.transaction((tx) =>
      buyVipYear(tx, {
        customerId: memberE.id,
        orderId: 80_000_001,
        amount: 499,
        currency: "GBP",
        now: vipClock.now(),
        actor: actorOf(memberE.id),
        renewRequested: false,
        paidWith: null,
        linkOrigin,
      }),
    );
    advanceTo(vipClock, "2026-11-15T10:00:00Z");
    const renewalServices = { provider: new SandboxPaymentProvider(db, vipClock), linkOrigin: () => linkOrigin, log: pino({ level: "silent" }) };
    expect(await renewDueMemberships(db, renewalServices, { now: vipClock.now(), customerId: memberA.id })).toEqual({ renewed: 1, failed: 0 });
    advanceTo(vipClock, "2026-11-20T10:00:00Z");
    const [renewal] = await db.select().from(vipCharges).where(eq(vipCharges.customerId, memberA.id));
    const refund = await db.transaction((tx) =>
      refundVipCharge(tx, {
        customerId: memberA.id,
        chargeId: renewal.id,
        actor: { type: "staff", id: "1" },
        at: vipClock.now(),
        clock: vipClock,
        reason: "Did not mean to renew",
      }),
    );
    expect(refund).toMatchObject({ outcome: "refunded", amount: 499 });
    // After the period: neither counts in November.
    advanceTo(vipClock, "2026-12-02T10:00:00Z");
    await cancel(memberA.id);
    await trial();

    redemption = await redemptionByCategory(db, period);
    vip = await vipMembershipsReport(db, period);
  }, 120_000);
  afterAll(() => second?.dispose());

  it("lists the new reports on the page in their place", () => {
    expect(Object.keys(REPORTS)).toEqual(["sales-by-day", "sales-by-brand", "sales-by-category", "sales-by-location", "top-deals", "redemption", "refunds", "vip", "liabilities"]);
  });

  it("redemption counts the period's vouchers not given back, those redeemed, the rate and the median days, by category and overall", async () => {
    expect(redemption.rows).toEqual([
      { category: "Beauty", sold: 3, redeemed: 2, rate: 667, medianDays: 60 },
      { category: "Electricals", sold: 3, redeemed: 1, rate: 333, medianDays: 35 },
      { category: "All categories", sold: 6, redeemed: 3, rate: 500, medianDays: 35 },
    ]);
    // The same counts read straight from the vouchers of the period's orders.
    const counted = and(inArray(vouchers.orderId, periodOrderIds), eq(vouchers.physical, false), ne(vouchers.status, "REFUNDED"));
    expect(await second.db.$count(vouchers, counted)).toBe(6);
    expect(await second.db.$count(vouchers, and(counted, isNotNull(vouchers.redeemedAt)))).toBe(3);
  });

  it("writes redemption as CSV with the rate and the days to one decimal", () => {
    expect(reportCsv(redemption, period)).toBe(
      [
        "Redemption by category,2026-11-01,2026-11-30",
        "Category,Vouchers sold,Redeemed,Redemption rate (%),Median days to redeem",
        "Beauty,3,2,66.7,6.0",
        "Electricals,3,1,33.3,3.5",
        "All categories,6,3,50.0,3.5",
        "",
      ].join("\r\n"),
    );
  });

  it("VIP counts members at the end, joins, renewals, cancellations, endings and refunds, per currency", async () => {
    expect(vip.rows).toEqual([
      { figure: "Members at the end of the period", currency: "GBP", count: 3, amount: null },
      { figure: "New members: free trial", currency: "GBP", count: 1, amount: null },
      { figure: "New members: paid year", currency: "GBP", count: 1, amount: null },
      { figure: "Renewals charged", currency: "GBP", count: 1, amount: 499 },
      { figure: "Renewals cancelled", currency: "GBP", count: 1, amount: null },
      { figure: "Memberships ended", currency: "GBP", count: 1, amount: null },
      { figure: "VIP charges refunded", currency: "GBP", count: 1, amount: 499 },
      { figure: "Members at the end of the period", currency: "EUR", count: 1, amount: null },
      { figure: "New members: free trial", currency: "EUR", count: 1, amount: null },
      { figure: "New members: paid year", currency: "EUR", count: 0, amount: null },
      { figure: "Renewals charged", currency: "EUR", count: 0, amount: 0 },
      { figure: "Renewals cancelled", currency: "EUR", count: 0, amount: null },
      { figure: "Memberships ended", currency: "EUR", count: 0, amount: null },
      { figure: "VIP charges refunded", currency: "EUR", count: 0, amount: 0 },
    ]);
    // The renewal and the refund are the charges' own: one renewal charge paid, 4.99 of it refunded.
    const renewals = await second.db
      .select()
      .from(vipCharges)
      .where(and(like(vipCharges.idempotencyKey, "vip-renewal-%"), eq(vipCharges.status, "paid")));
    expect(renewals.map((charge) => [charge.amount, charge.refundedAmount])).toEqual([[499, 499]]);
  });

  it("writes VIP as CSV with money in pounds and euro", () => {
    const lines = reportCsv(vip, period).split("\r\n");
    expect(lines.slice(0, 5)).toEqual([
      '"VIP members, renewals and cancellations",2026-11-01,2026-11-30',
      "Figure,Currency,Number,Amount",
      "Members at the end of the period,GBP,3,",
      "New members: free trial,GBP,1,",
      "New members: paid year,GBP,1,",
    ]);
    expect(lines).toContain("Renewals charged,GBP,1,4.99");
    expect(lines).toContain("VIP charges refunded,GBP,1,4.99");
    expect(lines).toContain("Members at the end of the period,EUR,1,");
  });

  it("shows nothing for a period with no sales and no VIP movement", async () => {
    const { period: quiet } = reportPeriod({ from: "2026-06-01", to: "2026-06-30" }, new Date("2026-11-29T12:00:00Z"));
    expect((await redemptionByCategory(second.db, quiet)).rows).toEqual([]);
    expect((await vipMembershipsReport(second.db, quiet)).rows).toEqual([]);
  });
});
