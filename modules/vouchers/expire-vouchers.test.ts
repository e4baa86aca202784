import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../db/client";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { type TestDatabase, createTestDatabase } from "../../tests/support/test-db";
import { issueTestVouchers } from "../../tests/support/voucher-fixtures";
import { statusEvents } from "../states/schema";
import { statusHistory, transition } from "../states/transition";
import { expireVouchers } from "./expire-vouchers";
import { vouchers } from "./schema";
import { VOUCHER_PROCESS } from "./voucher-process";

const DAY = 86_400_000;
const now = new Date("2026-11-23T12:00:00Z");
const monthsAgo = (months: number) => new Date(now.getTime() - months * 31 * DAY);

async function statuses(db: Database["db"], ids: number[]) {
  const rows = await db.select({ id: vouchers.id, status: vouchers.status }).from(vouchers).where(inArray(vouchers.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.status]));
}

describe("expireVouchers", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.dispose());

  it("expires Ready to Redeem vouchers past their date, with history, once; leaves the rest alone", async () => {
    const { db } = database;
    const { merchant } = await insertCatalogBasics(db);
    const customer = await insertCustomer(db);
    // Vouchers last 6 months: bought 7 months ago they are past expiry, bought last month they are not.
    const due = await issueTestVouchers(db, { customerId: customer.id, merchantId: merchant.id, quantity: 5, at: monthsAgo(7) });
    const [redeemed] = await issueTestVouchers(db, { customerId: customer.id, merchantId: merchant.id, at: monthsAgo(7) });
    await transition(db, VOUCHER_PROCESS, { id: redeemed.id, from: "READY_TO_REDEEM", to: "REDEEMED", actor: { type: "merchant", id: "1" }, at: monthsAgo(6.5) });
    const [live] = await issueTestVouchers(db, { customerId: customer.id, merchantId: merchant.id, at: monthsAgo(1) });

    // A small batch size makes it walk several batches.
    expect(await expireVouchers(db, now, 2)).toBe(5);
    const after = await statuses(db, [...due.map((voucher) => voucher.id), redeemed.id, live.id]);
    for (const voucher of due) expect(after[voucher.id]).toBe("EXPIRED");
    expect(after[redeemed.id]).toBe("REDEEMED");
    expect(after[live.id]).toBe("READY_TO_REDEEM");
    expect((await statusHistory(db, VOUCHER_PROCESS, due[0].id)).map((event) => [event.toStatus, event.actorType, event.actorId])).toEqual([
      ["READY_TO_REDEEM", "customer", String(customer.id)],
      ["EXPIRED", "system", "voucher-expiry"],
    ]);

    // Again: nothing left to do, nothing written.
    expect(await expireVouchers(db, now)).toBe(0);
    const events = await db.select().from(statusEvents).where(and(eq(statusEvents.aggregate, "voucher"), eq(statusEvents.toStatus, "EXPIRED")));
    expect(events).toHaveLength(5);
  });
});

describe.skipIf(!process.env.DATABASE_URL)("expireVouchers on two instances at once (PostgreSQL)", () => {
  let database: TestDatabase;
  let instances: Database[];
  beforeAll(async () => {
    database = await createTestDatabase();
    instances = await Promise.all([1, 2].map(() => openDatabase({ url: database.url, poolSize: 4, connectionTimeoutMs: 60_000 })));
  });
  afterAll(async () => {
    await Promise.all((instances ?? []).map((instance) => instance.close()));
    await database?.dispose();
  });

  it("expires each voucher exactly once", async () => {
    const { db } = database;
    const { merchant } = await insertCatalogBasics(db);
    const customer = await insertCustomer(db);
    const due = await issueTestVouchers(db, { customerId: customer.id, merchantId: merchant.id, quantity: 60, at: monthsAgo(7) });
    const counts = await Promise.all(instances.map((instance) => expireVouchers(instance.db, now, 7)));
    expect(counts[0] + counts[1]).toBe(60);
    const events = await db
      .select()
      .from(statusEvents)
      .where(and(eq(statusEvents.aggregate, "voucher"), eq(statusEvents.toStatus, "EXPIRED"), inArray(statusEvents.aggregateId, due.map((voucher) => voucher.id))));
    expect(events).toHaveLength(60);
  });
});
