/**
 * Each report's figures reconcile with the ledger they come from: orders placed through checkout,
 * a refund to the wallet, gift cards, Club points and a payout run, then every report is compared
 * with the orders, lines, refunds, wallet balances, cards, points and payouts read directly.
 */
import { and, eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { buyVouchers } from "../../tests/support/voucher-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { merchants } from "../catalog/schema";
import { giftCards } from "../gift-cards/schema";
import { loyaltyEntries } from "../loyalty/schema";
import { orderLines, orders } from "../orders/schema";
import { SandboxPaymentProvider } from "../payments/sandbox/sandbox-provider";
import { runPayouts } from "../payouts/run-payouts";
import { payouts } from "../payouts/schema";
import { refundVoucher } from "../refunds/refund-voucher";
import { voucherRefunds } from "../refunds/schema";
import { walletBalance } from "../wallet/wallet";
import { reportCsv } from "./report-csv";
import { reportPeriod } from "./report-period";
import type { ReportTable } from "./report-table";
import { allReports } from "./reports";

const clock = new ManualClock("2026-11-10T10:00:00Z");
let database: TestDatabase;
let reports: Record<string, ReportTable>;
const { period } = reportPeriod({ from: "2026-11-01", to: "2026-11-30" }, new Date("2026-11-29T12:00:00Z"));
const sum = (table: ReportTable, column: string) => table.rows.reduce((total, row) => total + Number(row[column] ?? 0), 0);
let shopperIds: number[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const basics = await insertCatalogBasics(database.db);
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
});
