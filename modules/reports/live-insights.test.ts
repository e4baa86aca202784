/**
 * The insights page's figures for today (UK day): orders, units and sales per brand from orders
 * placed through checkout and written directly, visitors from the A/B exposure log; yesterday's
 * orders and visitors, and anything after the moment read, are left out.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { buyVouchers } from "../../tests/support/voucher-fixtures";
import { recordExposures } from "../experiments/record-exposure";
import { orderLines, orders } from "../orders/schema";
import { liveInsights } from "./live-insights";

let database: TestDatabase;
const now = new Date("2026-11-29T10:00:00Z");

/** An Irish order written as history: `units` of one deal at €25.00, an add-on line that is not a unit. */
async function irishOrder(at: Date, units: number) {
  const customer = await insertCustomer(database.db, { brand: "wowcherie" });
  const [order] = await database.db
    .insert(orders)
    .values({
      brand: "wowcherie",
      currency: "EUR",
      customerId: customer.id,
      basketId: 2_000_000 + at.getTime() / 1000,
      email: customer.email,
      subtotal: 2500 * units,
      postage: 0,
      discount: 0,
      walletRefundableUsed: 0,
      walletMarketingUsed: 100,
      total: 2500 * units + 300 - 100,
      quantity: units,
      paymentMethod: "card",
      createdAt: at,
    })
    .returning();
  const line = { orderId: order.id, customerId: customer.id, postage: 0, createdAt: at, originalUnitPrice: 5000 };
  await database.db.insert(orderLines).values([
    { ...line, kind: "deal", title: "Spa day", quantity: units, unitPrice: 2500, lineTotal: 2500 * units },
    { ...line, kind: "addon", title: "Deal Protection", quantity: 1, unitPrice: 300, lineTotal: 300 },
  ]);
}

beforeAll(async () => {
  database = await createTestDatabase();
  const basics = await insertCatalogBasics(database.db);
  // Wowcher: two orders today (2 and 1 vouchers at £19.00), one yesterday evening (UK time).
  await buyVouchers(database.db, basics, new ManualClock("2026-11-28T23:30:00Z"), { quantity: 3 });
  await buyVouchers(database.db, basics, new ManualClock("2026-11-29T00:05:00Z"), { quantity: 2 });
  await buyVouchers(database.db, basics, new ManualClock("2026-11-29T09:59:00Z"), { quantity: 1 });
  // Wowcher Ireland: one order today of 4 units (€100.00 + €3.00 protection, €1.00 of it wallet credit), one after the moment read.
  await irishOrder(new Date("2026-11-29T08:00:00Z"), 4);
  await irishOrder(new Date("2026-11-29T10:30:00Z"), 1);
  // Visitors: two Wowcher browsers today (one seen on two variants), one Irish, one Wowcher browser last seen yesterday.
  const seen = (at: string, visitorId: string, brand: "wowcher" | "wowcherie", variant = "a") =>
    recordExposures(database.db, fixedClock(at), { visitorId, brand, assignments: [{ test: "autocomplete", variant }] });
  await seen("2026-11-28T20:00:00Z", "gb-1", "wowcher");
  await seen("2026-11-29T09:00:00Z", "gb-1", "wowcher");
  await seen("2026-11-29T09:10:00Z", "gb-1", "wowcher", "b");
  await seen("2026-11-29T09:30:00Z", "gb-2", "wowcher");
  await seen("2026-11-28T22:00:00Z", "gb-old", "wowcher");
  await seen("2026-11-29T07:00:00Z", "ie-1", "wowcherie");
}, 120_000);

afterAll(() => database.dispose());

describe("liveInsights", () => {
  it("counts today's orders, units, sales and visitors per brand, every brand listed", async () => {
    const insights = await liveInsights(database.db, now);
    expect(insights.day).toBe("2026-11-29");
    expect(insights.since).toEqual(new Date("2026-11-29T00:00:00Z"));
    expect(insights.at).toEqual(now);
    expect(insights.brands).toEqual([
      { brand: "wowcher", orders: 2, units: 3, sales: [{ currency: "GBP", amount: 5700 }], visitors: 2 },
      { brand: "wowcherie", orders: 1, units: 4, sales: [{ currency: "EUR", amount: 10300 }], visitors: 1 },
      { brand: "livingsocial", orders: 0, units: 0, sales: [], visitors: 0 },
      { brand: "livingsocialie", orders: 0, units: 0, sales: [], visitors: 0 },
    ]);
  });

  it("starts the day at UK midnight, which is 23:00 UTC in summer", async () => {
    const insights = await liveInsights(database.db, new Date("2026-07-01T12:00:00Z"));
    expect(insights.since).toEqual(new Date("2026-06-30T23:00:00Z"));
    expect(insights.brands.map((brand) => brand.orders)).toEqual([0, 0, 0, 0]);
  });
});
