/**
 * The Club on a real database: purchase points 30 days after an order (never for vouchers given
 * back), points for sharing and viewing deals within their daily caps, the exchange for wallet
 * credit (levels, the spec's messages, rounding, idempotency) and expiry after 6 months.
 */
import { addDays, addMonths } from "date-fns";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DomainError } from "../../lib/errors";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics, insertDeal } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { buyVouchers } from "../../tests/support/voucher-fixtures";
import { jobs } from "../jobs/schema";
import { type VoucherStatus, vouchers } from "../vouchers/schema";
import { issueVouchers, type VoucherPaid } from "../vouchers/issue-vouchers";
import { walletBalance } from "../wallet/wallet";
import { walletEntries } from "../wallet/schema";
import { creditCustomerPurchasePoints, creditOrderPurchasePoints, LOYALTY_PURCHASE_JOB, runPurchasePointsJob } from "./credit-purchase-points";
import { earnActivityPoints } from "./earn-activity-points";
import { exchangePoints } from "./exchange-points";
import { expireLoyaltyPoints } from "./expire-points";
import { pointsBalance } from "./loyalty-account";
import { loyaltySummary } from "./loyalty-summary";
import { loyaltyEntries } from "./schema";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
}, 60_000);
afterAll(() => database?.dispose());

const PURCHASED = new Date("2026-10-01T10:00:00Z");
const days = (n: number) => addDays(PURCHASED, n);
let nextOrderId = 75_000_000;

/** An order's vouchers as placement issues them: one per entry of `paid`, bought at `at`. */
async function issue(customerId: number, paid: readonly Partial<VoucherPaid>[], at = PURCHASED) {
  nextOrderId += 1;
  const issued = await issueVouchers(database.db, {
    orderId: nextOrderId,
    customerId,
    currency: "GBP",
    timeZone: "Europe/London",
    at,
    availableAt: at,
    protected: false,
    actor: { type: "customer", id: String(customerId) },
    lines: [
      {
        orderLineId: nextOrderId,
        dealId: 30_000_001,
        productId: 5_000_001,
        merchantId: basics.merchant.id,
        physical: false,
        quantity: paid.length,
        dealTitle: "Afternoon tea for two",
        productName: "Tea for two",
        merchantName: "Serenity Spa",
        paid: paid.map((unit) => ({ card: 0, refundableCredit: 0, marketingCredit: 0, ...unit })),
      },
    ],
  });
  return { orderId: nextOrderId, voucherIds: issued.map((voucher) => voucher.id) };
}

const setStatus = (voucherId: number, status: VoucherStatus) => database.db.update(vouchers).set({ status }).where(eq(vouchers.id, voucherId));
const entriesOf = (customerId: number) => database.db.select().from(loyaltyEntries).where(eq(loyaltyEntries.customerId, customerId)).orderBy(loyaltyEntries.id);
const balanceAt = (customerId: number, now: Date) => pointsBalance(database.db, customerId, now);

/** Gives a customer an earning directly (as the purchase job would), to test spending and expiry. */
async function earn(customerId: number, points: number, at: Date, key: string) {
  await database.db.insert(loyaltyEntries).values({
    customerId,
    kind: "purchase",
    points,
    remaining: points,
    expiresAt: addMonths(at, 6),
    earnKey: `test:${customerId}:${key}`,
    description: `Purchase: ${key}`,
    createdAt: at,
  });
}

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    return error as DomainError;
  }
  throw new Error("expected a failure");
}

describe("purchase points, 30 days after the purchase", () => {
  it("are queued with the order and credited by its job on day 30, a point per pound paid, once", async () => {
    const clock = new ManualClock(PURCHASED);
    const { customer, order } = await buyVouchers(database.db, basics, clock, { quantity: 6 });
    const [job] = await database.db.select().from(jobs).where(and(eq(jobs.name, LOYALTY_PURCHASE_JOB), eq(jobs.uniqueKey, `loyalty-points:order:${order.id}`)));
    expect(job.payload).toEqual({ orderId: order.id });
    expect(job.runAt).toEqual(days(30));

    // Early (a job run by hand on day 29): nothing yet, and another look is due on day 30.
    expect(await creditOrderPurchasePoints(database.db, days(29), order.id)).toEqual({ credited: 0, retryAt: days(30) });
    expect(await balanceAt(customer.id, days(29))).toEqual({ currentPoints: 0, lifetimePoints: 0 });

    // Day 30: six £19.00 vouchers earn 19 points each: 114 points, Bronze.
    clock.advance(30 * 86_400_000);
    expect(await runPurchasePointsJob(database.db, clock, job.payload)).toBe(6);
    expect(await balanceAt(customer.id, clock.now())).toEqual({ currentPoints: 114, lifetimePoints: 114 });
    const summary = await loyaltySummary(database.db, customer.id, { now: clock.now(), countryCode: "GB" });
    expect(summary).toMatchObject({ currentLevel: "Bronze", nextLevel: "Silver", pointsToNextLevel: 386, maxExchangeablePoints: 114 });
    expect(summary.activity.entries[0]).toMatchObject({ kind: "purchase", points: 19, remaining: 19, expiresAt: addMonths(days(30), 6).toISOString() });
    expect(summary.activity.entries[0].description).toMatch(/^Purchase: /);

    // The job again (a crash before "done"), and the shopper's own scan: nothing twice.
    expect(await runPurchasePointsJob(database.db, clock, job.payload)).toBe(0);
    expect(await creditCustomerPurchasePoints(database.db, clock.now(), customer.id)).toBe(0);
    expect(await entriesOf(customer.id)).toHaveLength(6);
  }, 60_000);

  it("never credit vouchers refunded or exchanged for credit; wait for returns and exchanges still in progress", async () => {
    const customer = await insertCustomer(database.db);
    const { orderId, voucherIds } = await issue(customer.id, [{ card: 5000 }, { card: 5000 }, { card: 5000 }, { card: 5000 }, { card: 5000 }]);
    const [kept, refunded, exchanged, returning, redeemed] = voucherIds;
    await setStatus(refunded, "REFUNDED");
    await setStatus(exchanged, "REQUEST_PROCESSED");
    await setStatus(returning, "RETURN_REQUESTED");
    await setStatus(redeemed, "REDEEMED");

    expect(await creditOrderPurchasePoints(database.db, days(30), orderId)).toEqual({ credited: 2, retryAt: days(37) });
    expect((await entriesOf(customer.id)).map((entry) => entry.voucherId).sort()).toEqual([kept, redeemed].sort());

    // The return was declined (back to Redeemed): a week later it earns its points.
    await setStatus(returning, "REDEEMED");
    expect(await creditOrderPurchasePoints(database.db, days(37), orderId)).toEqual({ credited: 1, retryAt: null });
    expect(await balanceAt(customer.id, days(37))).toMatchObject({ currentPoints: 150 });
  });

  it("give up on a voucher still on its way back 120 days after the purchase", async () => {
    const customer = await insertCustomer(database.db);
    const { orderId, voucherIds } = await issue(customer.id, [{ card: 5000 }]);
    await setStatus(voucherIds[0], "RETURN_IN_TRANSIT");
    expect(await creditOrderPurchasePoints(database.db, days(119), orderId)).toEqual({ credited: 0, retryAt: days(126) });
    expect(await creditOrderPurchasePoints(database.db, days(120), orderId)).toEqual({ credited: 0, retryAt: null });
  });

  it("count what the shopper paid by card and refundable credit, not the shop's marketing credit", async () => {
    const customer = await insertCustomer(database.db);
    const { orderId } = await issue(customer.id, [{ card: 4050, refundableCredit: 1000, marketingCredit: 500 }, { marketingCredit: 500 }]);
    expect(await creditOrderPurchasePoints(database.db, days(30), orderId)).toEqual({ credited: 1, retryAt: null });
    expect(await balanceAt(customer.id, days(30))).toMatchObject({ currentPoints: 50 });
  });

  it("for one shopper (the development tools): every voucher 30 days old, in batches, not other shoppers' nor newer ones", async () => {
    const customer = await insertCustomer(database.db);
    const other = await insertCustomer(database.db);
    await issue(customer.id, [{ card: 1000 }, { card: 2000 }, { card: 3000 }]);
    await issue(customer.id, [{ card: 4000 }], days(10));
    await issue(customer.id, [{ card: 9900 }], days(-40));
    await issue(other.id, [{ card: 1000 }]);
    expect(await creditCustomerPurchasePoints(database.db, days(30), customer.id, 2)).toBe(4);
    expect(await balanceAt(customer.id, days(30))).toMatchObject({ currentPoints: 159 });
    expect(await balanceAt(other.id, days(30))).toMatchObject({ currentPoints: 0 });
    expect(await creditCustomerPurchasePoints(database.db, days(40), customer.id, 2)).toBe(1);
  });
});

describe("points for sharing and viewing deals", () => {
  it("earn a view once per deal a day and at most 3 views a day; a new day earns again", async () => {
    const customer = await insertCustomer(database.db);
    const deals = await Promise.all([1, 2, 3, 4].map(() => insertDeal(database.db, basics)));
    const now = new Date("2026-11-23T09:00:00Z");
    const view = (dealId: number, at = now) => earnActivityPoints(database.db, { customerId: customer.id, countryCode: "GB", now: at, events: [{ kind: "view", dealId, source: "deal-page" }] });

    expect((await view(deals[0].id))[0]).toMatchObject({ outcome: "earned", points: 1 });
    expect((await view(deals[0].id))[0]).toMatchObject({ outcome: "already earned", points: 0 });
    expect((await view(deals[1].id))[0].outcome).toBe("earned");
    expect((await view(deals[2].id))[0].outcome).toBe("earned");
    expect((await view(deals[3].id))[0]).toMatchObject({ outcome: "daily limit", points: 0 });
    expect(await balanceAt(customer.id, now)).toMatchObject({ currentPoints: 3 });
    const summary = await loyaltySummary(database.db, customer.id, { now, countryCode: "GB" });
    expect(summary).toMatchObject({ activityPointsToday: 3, activityPointsPerDay: 7 });
    expect(summary.activity.entries[0].description).toBe(`Viewed: ${deals[2].headline}`);

    // After midnight in London the same deal earns again.
    expect((await view(deals[0].id, new Date("2026-11-24T00:30:00Z")))[0].outcome).toBe("earned");
  });

  it("earn a share once per deal, at most 2 a day, named by where it was shared", async () => {
    const customer = await insertCustomer(database.db);
    const deals = await Promise.all([1, 2, 3].map(() => insertDeal(database.db, basics)));
    const now = new Date("2026-11-23T09:00:00Z");
    const results = await earnActivityPoints(database.db, {
      customerId: customer.id,
      countryCode: "GB",
      now,
      events: [
        { kind: "share", dealId: deals[0].id, source: "facebook" },
        { kind: "share", dealId: deals[0].id, source: "twitter" },
        { kind: "share", dealId: deals[1].id, source: "email" },
        { kind: "share", dealId: deals[2].id, source: "whatsapp" },
      ],
    });
    expect(results.map((result) => [result.outcome, result.points])).toEqual([
      ["earned", 2],
      ["already earned", 0],
      ["earned", 2],
      ["daily limit", 0],
    ]);
    // Tomorrow: the third deal earns, the first never again.
    const tomorrow = addDays(now, 1);
    const again = await earnActivityPoints(database.db, { customerId: customer.id, countryCode: "GB", now: tomorrow, events: [{ kind: "share", dealId: deals[0].id }, { kind: "share", dealId: deals[2].id }] });
    expect(again.map((result) => result.outcome)).toEqual(["already earned", "earned"]);
    expect((await entriesOf(customer.id)).map((entry) => entry.description)).toContain(`Shared on Facebook: ${deals[0].headline}`);
  });

  it("earn nothing for deals that do not exist, are unpublished or are another market's", async () => {
    const customer = await insertCustomer(database.db);
    const hidden = await insertDeal(database.db, basics, { published: false });
    const irish = await insertDeal(database.db, basics, { countryCode: "IE", currency: "EUR", locationId: 275859 });
    const results = await earnActivityPoints(database.db, {
      customerId: customer.id,
      countryCode: "GB",
      now: new Date("2026-11-23T09:00:00Z"),
      events: [{ kind: "view", dealId: 2_000_000_000 }, { kind: "view", dealId: hidden.id }, { kind: "share", dealId: irish.id }],
    });
    expect(results.map((result) => result.outcome)).toEqual(["unknown deal", "unknown deal", "unknown deal"]);
    expect(await entriesOf(customer.id)).toEqual([]);
  });
});

describe("exchanging points for wallet credit", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  const exchange = (customerId: number, points: number, requestId = `req-${Math.random().toString(36).slice(2, 12)}`, at = now) =>
    exchangePoints(database.db, { customerId, requestId, points, currency: "GBP", now: at });

  it("is for Bronze and above: Pink is told to reach the next level", async () => {
    const customer = await insertCustomer(database.db);
    await earn(customer.id, 99, now, "pink");
    const error = await failure(exchange(customer.id, 10));
    expect({ code: error.code, status: error.status, message: error.message }).toEqual({
      code: "EXCHANGE_NOT_ALLOWED",
      status: 403,
      message: "Reach the next level to exchange points for wallet credit.",
    });
  });

  it("takes 1 to all current points, says so in the spec's words, and adds points × rate as marketing credit", async () => {
    const customer = await insertCustomer(database.db);
    await earn(customer.id, 60, addMonths(now, -2), "older");
    await earn(customer.id, 54, addMonths(now, -1), "newer");

    for (const points of [0, 115, Number.NaN, 2.5]) {
      const error = await failure(exchange(customer.id, points));
      expect({ code: error.code, status: error.status, message: error.message }).toEqual({
        code: "POINTS_OUT_OF_RANGE",
        status: 400,
        message: "Please select a number between 1 and 114 to exchange your points.",
      });
    }

    const done = await exchange(customer.id, 80, "first-exchange");
    expect(done).toMatchObject({ points: 80, credit: 80, currency: "GBP", firstTime: true });
    expect(await walletBalance(database.db, customer.id, "GBP", { now })).toEqual({ refundable: 0, marketing: 80 });
    const [credit] = await database.db.select().from(walletEntries).where(eq(walletEntries.customerId, customer.id));
    expect(credit).toMatchObject({ reason: "loyalty", amount: 80, balanceType: "marketing", description: "Club points exchanged (80 points)" });
    // The soonest-expiring points went first: all 60 of the older earning, then 20 of the newer.
    const entries = await entriesOf(customer.id);
    expect(entries.map((entry) => [entry.kind, entry.points, entry.remaining])).toEqual([
      ["purchase", 60, 0],
      ["purchase", 54, 34],
      ["exchange", -80, null],
    ]);
    expect(entries[2]).toMatchObject({ creditAmount: 80, currency: "GBP", description: "Exchanged for £0.80 wallet credit" });
    expect(await balanceAt(customer.id, now)).toEqual({ currentPoints: 34, lifetimePoints: 114 });

    // All that is left, then nothing left: 'You don't have enough points', still Bronze.
    expect((await exchange(customer.id, 34)).credit).toBe(34);
    const empty = await failure(exchange(customer.id, 1));
    expect({ code: empty.code, message: empty.message }).toEqual({ code: "NOT_ENOUGH_POINTS", message: "You don't have enough points" });
    expect(await loyaltySummary(database.db, customer.id, { now, countryCode: "GB" })).toMatchObject({ currentLevel: "Bronze", currentPoints: 0, maxExchangeablePoints: 0 });
  });

  it("answers a repeated request id with the first exchange and moves nothing again", async () => {
    const customer = await insertCustomer(database.db);
    await earn(customer.id, 200, now, "repeat");
    const first = await exchange(customer.id, 150, "double-click-1");
    const again = await exchange(customer.id, 20, "double-click-1", addDays(now, 1));
    expect(again).toEqual({ ...first, firstTime: false });
    expect(await walletBalance(database.db, customer.id, "GBP", { now })).toMatchObject({ marketing: 150 });
    expect(await balanceAt(customer.id, now)).toMatchObject({ currentPoints: 50 });
    // The same id from another shopper is theirs alone.
    const other = await insertCustomer(database.db);
    await earn(other.id, 120, now, "other");
    expect(await exchange(other.id, 120, "double-click-1")).toMatchObject({ firstTime: true, credit: 120 });
  });

  it("rounds points × a rising rate to the penny (Silver: 1.25p a point)", async () => {
    const customer = await insertCustomer(database.db);
    await earn(customer.id, 503, now, "silver");
    expect((await exchange(customer.id, 3)).credit).toBe(4);
    expect((await exchange(customer.id, 500)).credit).toBe(625);
    expect(await walletBalance(database.db, customer.id, "GBP", { now })).toMatchObject({ marketing: 629 });
  });

  it("refuses a malformed request id", async () => {
    const customer = await insertCustomer(database.db);
    await earn(customer.id, 200, now, "bad-id");
    expect((await failure(exchange(customer.id, 10, "short"))).code).toBe("INVALID_REQUEST_ID");
  });

  it("cannot spend points past their expiry, even before the expiry job has run", async () => {
    const customer = await insertCustomer(database.db);
    await earn(customer.id, 150, addMonths(now, -7), "stale");
    await earn(customer.id, 20, now, "fresh");
    const error = await failure(exchange(customer.id, 21));
    expect(error.message).toBe("Please select a number between 1 and 20 to exchange your points.");
  });
});

describe("expiry after 6 months", () => {
  it("expires what is left of each earning with a ledger entry, keeps lifetime points, and does nothing the second time", async () => {
    const customer = await insertCustomer(database.db);
    const start = new Date("2026-01-10T12:00:00Z");
    await earn(customer.id, 100, start, "january");
    await earn(customer.id, 40, new Date("2026-05-01T12:00:00Z"), "may");
    await exchangePoints(database.db, { customerId: customer.id, requestId: "spend-some-1", points: 30, currency: "GBP", now: new Date("2026-02-01T12:00:00Z") });
    const now = new Date("2026-08-01T12:00:00Z");

    expect(await expireLoyaltyPoints(database.db, now, { customerId: customer.id, batchSize: 1 })).toBe(1);
    expect(await expireLoyaltyPoints(database.db, now, { customerId: customer.id })).toBe(0);

    const entries = await entriesOf(customer.id);
    const expiry = entries.find((entry) => entry.kind === "expiry");
    expect(expiry).toMatchObject({ points: -70, description: "Expired: Purchase: january", createdAt: addMonths(start, 6) });
    expect(entries.find((entry) => entry.description === "Purchase: january")?.remaining).toBe(0);
    expect(await balanceAt(customer.id, now)).toEqual({ currentPoints: 40, lifetimePoints: 140 });
    expect((await loyaltySummary(database.db, customer.id, { now, countryCode: "GB" })).expiresNext).toEqual({ points: 40, at: new Date("2026-11-01T12:00:00Z").toISOString() });
  });

  it("walks every due customer in batches", async () => {
    const customers = await Promise.all([1, 2, 3].map(() => insertCustomer(database.db)));
    const start = new Date("2025-01-01T12:00:00Z");
    for (const customer of customers) await earn(customer.id, 10, start, "batch");
    expect(await expireLoyaltyPoints(database.db, new Date("2025-08-01T12:00:00Z"), { batchSize: 2 })).toBeGreaterThanOrEqual(3);
    for (const customer of customers) expect(await balanceAt(customer.id, new Date("2025-08-01T12:00:00Z"))).toMatchObject({ currentPoints: 0, lifetimePoints: 10 });
  });
});
