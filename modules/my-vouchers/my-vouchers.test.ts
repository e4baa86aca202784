import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock";
import { buyDeal } from "../../tests/support/delivery-fixtures";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { type TestDatabase, createTestDatabase } from "../../tests/support/test-db";
import { issueTestVouchers } from "../../tests/support/voucher-fixtures";
import { transition } from "../states/transition";
import { shipments } from "../delivery/schema";
import { orderLines } from "../orders/schema";
import { VOUCHER_PROCESS } from "../vouchers/voucher-process";
import { listMyVouchers } from "./my-vouchers";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
let merchant: { id: number };
const DAY = 86_400_000;
const now = new Date("2026-11-23T12:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
  ({ merchant } = basics);
});
afterAll(async () => database?.dispose());

describe("listMyVouchers", () => {
  it("pages 10 at a time, newest first, and splits current from past", async () => {
    const { db } = database;
    const customer = await insertCustomer(db);
    // 12 live vouchers bought a day apart, one redeemed, one that expired yesterday.
    for (let i = 0; i < 12; i++) await issueTestVouchers(db, { customerId: customer.id, merchantId: merchant.id, at: new Date(now.getTime() - (12 - i) * DAY) });
    const [redeemed] = await issueTestVouchers(db, { customerId: customer.id, merchantId: merchant.id, at: new Date(now.getTime() - 20 * DAY) });
    await transition(db, VOUCHER_PROCESS, { id: redeemed.id, from: "READY_TO_REDEEM", to: "REDEEMED", actor: { type: "merchant", id: "1" }, at: now });
    const [lapsed] = await issueTestVouchers(db, { customerId: customer.id, merchantId: merchant.id, at: new Date(now.getTime() - 200 * DAY) });

    const all = await listMyVouchers(db, { customerId: customer.id, page: 1, filter: "all", now });
    expect(all).toMatchObject({ total: 14, pageCount: 2, page: 1 });
    expect(all.vouchers).toHaveLength(10);
    expect(all.vouchers[0].purchasedAt.getTime()).toBeGreaterThan(all.vouchers[1].purchasedAt.getTime());
    expect((await listMyVouchers(db, { customerId: customer.id, page: 2, filter: "all", now })).vouchers).toHaveLength(4);

    const current = await listMyVouchers(db, { customerId: customer.id, page: 1, filter: "current", now });
    expect(current.total).toBe(12);
    expect(new Set(current.vouchers.map((voucher) => voucher.status))).toEqual(new Set(["Ready to Redeem"]));

    const past = await listMyVouchers(db, { customerId: customer.id, page: 1, filter: "past", now });
    // The lapsed voucher reads Expired even before the expiry job has moved it.
    expect(past.vouchers.map((voucher) => [voucher.id, voucher.status])).toEqual([
      [redeemed.id, "Redeemed"],
      [lapsed.id, "Expired"],
    ]);
  });

  it("hides the code until the voucher is available", async () => {
    const { db } = database;
    const customer = await insertCustomer(db);
    await issueTestVouchers(db, { customerId: customer.id, merchantId: merchant.id, at: now, availableAt: new Date(now.getTime() + DAY) });
    const before = await listMyVouchers(db, { customerId: customer.id, page: 1, filter: "all", now });
    expect(before.vouchers[0].code).toBeNull();
    const after = await listMyVouchers(db, { customerId: customer.id, page: 1, filter: "all", now: new Date(now.getTime() + DAY) });
    expect(after.vouchers[0].code).toMatch(/\w{4,}/);
  });

  it("shows a gift pack line's vouchers as Gift Pack, then Gift Pack Sent once its parcel is dispatched", async () => {
    const { db } = database;
    const customer = await insertCustomer(db);
    const { order, vouchers } = await buyDeal(db, fixedClock(now), basics, customer);
    await db.update(orderLines).set({ gifting: { gift: true, type: "NEXT_DAY_GIFT_PACK", giftProductId: null, giftPackProductId: null } }).where(eq(orderLines.orderId, order.id));
    const giftOf = async () => (await listMyVouchers(db, { customerId: customer.id, page: 1, filter: "all", now })).vouchers.map((voucher) => voucher.gift?.text);
    expect(await giftOf()).toEqual(["Gift Pack"]);
    // (This file's vouchers without an order may share the order's id: pick the customer's own.)
    const bought = vouchers.find((voucher) => voucher.customerId === customer.id)!;
    await db.update(shipments).set({ status: "DISPATCHED", dispatchedAt: now }).where(eq(shipments.voucherId, bought.id));
    expect(await giftOf()).toEqual(["Gift Pack Sent"]);
  });
});
