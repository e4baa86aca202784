import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCatalogBasics, insertDeal } from "../../tests/support/catalog-fixtures";
import { insertMerchant, insertVoucher } from "../../tests/support/merchant-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { merchants } from "../catalog/schema";
import { voucherRefunds } from "../refunds/schema";
import { salesPerDeal } from "./sales-per-deal";
import { merchantStatement } from "./statement";
import { csvText } from "../../lib/csv";
import { statementCsv } from "./statement-csv";
import { statementLines } from "./statement-lines";
import { lastCalendarMonth, statementPeriod } from "./statement-period";
import { eq } from "drizzle-orm";

const LONDON = "Europe/London";
let database: TestDatabase;
let merchantId: number;
let dealHeadline: string;
const march = statementPeriod({ from: "2026-03-01", to: "2026-03-31" }, new Date("2026-04-10T00:00:00Z"), LONDON);

beforeAll(async () => {
  database = await createTestDatabase();
  const basics = await insertCatalogBasics(database.db);
  merchantId = basics.merchant.id;
  await database.db.update(merchants).set({ commissionBps: 1500 }).where(eq(merchants.id, merchantId));
  const deal = await insertDeal(database.db, basics, { headline: '=HYPERLINK("http://evil.example","Spa, deluxe")' });
  dealHeadline = deal.headline;
  const other = await insertMerchant(database.db);
  const otherDeal = await insertDeal(database.db, basics, { merchantId: other.id });
  // In March (London): a card sale, and one paid partly with wallet credit.
  await insertVoucher(database.db, deal, { createdAt: new Date("2026-03-05T10:00:00Z"), paidCard: 1900 });
  await insertVoucher(database.db, deal, { createdAt: new Date("2026-03-20T10:00:00Z"), paidCard: 1000, paidRefundableCredit: 500, paidMarketingCredit: 100 });
  // Outside March in London: 28 Feb 23:30 GMT, and 1 April 00:30 BST.
  const february = await insertVoucher(database.db, deal, { createdAt: new Date("2026-02-28T23:30:00Z"), paidCard: 1200 });
  await insertVoucher(database.db, deal, { createdAt: new Date("2026-03-31T23:30:00Z"), paidCard: 5000 });
  // Another merchant's March sale never shows.
  await insertVoucher(database.db, otherDeal, { createdAt: new Date("2026-03-10T10:00:00Z"), paidCard: 99_900 });
  // February's voucher refunded in March.
  await database.db.insert(voucherRefunds).values({
    voucherId: february.id,
    orderId: february.orderId,
    customerId: february.customerId,
    merchantId,
    kind: "refund",
    destination: "original",
    currency: "GBP",
    cardAmount: 700,
    refundableCredit: 200,
    marketingCredit: 0,
    actorType: "customer",
    createdAt: new Date("2026-03-03T09:00:00Z"),
  });
});
afterAll(() => database?.dispose());

describe("the statement", () => {
  it("adds up March in London: gross sales, refunds, commission at the merchant's rate, amount owed", async () => {
    expect(march.ok).toBe(true);
    const totals = await merchantStatement(database.db, { merchantId, start: march.period.start, end: march.period.end });
    expect(totals).toEqual([
      { currency: "GBP", vouchersSold: 2, grossSales: 3500, vouchersRefunded: 1, refunds: 900, commissionBps: 1500, commission: 390, owed: 2210 },
    ]);
  });

  it("downloads as CSV with the totals and every line, text made safe for spreadsheets", async () => {
    const totals = await merchantStatement(database.db, { merchantId, start: march.period.start, end: march.period.end });
    const lines = await statementLines(database.db, { merchantId, start: march.period.start, end: march.period.end });
    const csv = statementCsv({ merchantName: "Serenity Spa", period: march.period, totals, lines, timeZone: LONDON });
    const rows = csv.split("\r\n");
    expect(rows.slice(0, 5)).toEqual([
      "Merchant,From,To",
      "Serenity Spa,2026-03-01,2026-03-31",
      "",
      "Currency,Vouchers sold,Gross sales,Vouchers refunded,Refunds,Commission rate (%),Commission,Amount owed",
      "GBP,2,35.00,1,9.00,15.00,3.90,22.10",
    ]);
    const title = `"'=HYPERLINK(""http://evil.example"",""Spa, deluxe"")"`;
    expect(rows.slice(7, 10)).toEqual([
      expect.stringMatching(new RegExp(`^2026-03-03,Refund,[A-Z0-9-]{14},${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")},Spa day for one,GBP,-9\\.00$`)),
      expect.stringMatching(/^2026-03-05,Sale,.*,GBP,19\.00$/),
      expect.stringMatching(/^2026-03-20,Sale,.*,GBP,16\.00$/),
    ]);
    expect(csv).not.toContain(`,${dealHeadline},`);
  });

  it("shows sales per deal for this merchant only", async () => {
    const [deal] = await salesPerDeal(database.db, merchantId);
    expect(deal).toMatchObject({ sold: 4, redeemed: 0, refunded: 1, grossSales: 9700 });
    expect(await salesPerDeal(database.db, merchantId + 1000)).toEqual([]);
  });
});

describe("CSV text", () => {
  it.each([
    ["plain", "plain"],
    ["=1+1", "'=1+1"],
    ["+44 20", "'+44 20"],
    ["-2", "'-2"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tTab", "'\tTab"],
    ['Say "hi", then\nleave', '"Say ""hi"", then\nleave"'],
  ])("%j becomes %j", (value, expected) => {
    expect(csvText(value)).toBe(expected);
  });
});

describe("the period", () => {
  it("defaults to last calendar month in the market's time", () => {
    const period = lastCalendarMonth(new Date("2026-04-01T00:30:00+01:00"), LONDON);
    expect(period).toEqual({ from: "2026-03-01", to: "2026-03-31", start: new Date("2026-03-01T00:00:00Z"), end: new Date("2026-03-31T23:00:00Z") });
    expect(statementPeriod({}, new Date("2026-01-15T12:00:00Z"), LONDON)).toMatchObject({ ok: true, period: { from: "2025-12-01", to: "2025-12-31" } });
  });

  it.each([
    [{ from: "2026-03-31", to: "2026-03-01" }],
    [{ from: "2026-02-30", to: "2026-03-01" }],
    [{ from: "2024-01-01", to: "2026-01-01" }],
    [{ from: "yesterday", to: "2026-03-01" }],
    [{ from: "2026-03-01" }],
  ])("refuses %j and falls back to last month", (asked) => {
    expect(statementPeriod(asked, new Date("2026-04-10T00:00:00Z"), LONDON)).toMatchObject({ ok: false, period: { from: "2026-03-01", to: "2026-03-31" } });
  });
});
