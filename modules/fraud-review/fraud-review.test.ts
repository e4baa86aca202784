import { and, eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { type Clock, fixedClock } from "../../lib/clock";
import { actorAt, buyingDatabaseForTests, insertCustomer, insertSellable, TEST_DETAILS } from "../../tests/support/buying-fixtures";
import { customers } from "../accounts/schema";
import { auditEvents } from "../audit/schema";
import { baskets } from "../basket/schema";
import { createBasket } from "../basket/create-basket";
import { products } from "../catalog/schema";
import { outboxMessages } from "../mail/schema";
import { type PlaceOrderRequest, placeOrder } from "../orders/place-order";
import { shopperAddress } from "../orders/review/fraud-signals";
import { orderReviews, orders } from "../orders/schema";
import { settlePayments } from "../orders/settle-payments";
import { payments } from "../payments/schema";
import { sandboxTransactions } from "../payments/sandbox/schema";
import { tokenizeCard } from "../payments/sandbox/tokenize";
import { SandboxPaymentProvider } from "../payments/sandbox/sandbox-provider";
import type { StaffActor } from "../staff/staff-actor";
import { codeVisibility } from "../vouchers/code-visibility";
import { vouchers } from "../vouchers/schema";
import { addWalletCredit, walletBalance } from "../wallet/wallet";
import { approveHeldOrder, type ReviewServices } from "./approve-held-order";
import { rejectHeldOrder } from "./reject-held-order";

const now = new Date("2026-11-29T10:00:00Z");
const clock = fixedClock(now);
const suite = buyingDatabaseForTests(clock);
const db = () => suite.database.db;
const reviewer: StaffActor = { staffUserId: 7, name: "Rita Reviewer", role: "customer_service_lead" };
let nextKey = 0;
let nextIp = 0;

const reviewServices = (at: Clock = clock): ReviewServices => ({
  provider: new SandboxPaymentProvider(db(), at),
  clock: at,
  log: pino({ level: "silent" }),
  linkOrigin: () => "https://www.wowcher.co.uk",
});

/** A shopper whose account was opened at `createdAt` (by default an hour ago: a new account). */
async function newCustomer(createdAt = new Date(now.getTime() - 60 * 60 * 1000)) {
  const customer = await insertCustomer(db());
  await db().update(customers).set({ createdAt }).where(eq(customers.id, customer.id));
  return { id: customer.id, email: customer.email, vip: false };
}

async function nonce(number = "4111111111111111") {
  const result = await tokenizeCard(db(), clock, { number, expiry: "12/29", securityCode: "123", postalCode: "SW1A 1AA" });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.nonce;
}

/** Buys `quantity` of the product by card, from an address (and device) of the test's choosing. */
async function buy(
  customer: Awaited<ReturnType<typeof newCustomer>>,
  productId: number,
  options: { quantity?: number; card?: string; origin?: PlaceOrderRequest["origin"]; useCredit?: boolean } = {},
) {
  const basket = await createBasket(db(), { eligibleForVip: false, products: [{ productId, quantity: options.quantity ?? 1 }] }, actorAt(now, customer));
  if (options.useCredit) await db().update(baskets).set({ useWallet: true }).where(eq(baskets.token, basket.token));
  nextKey += 1;
  return placeOrder(suite.services, {
    basketToken: basket.token,
    idempotencyKey: `fraud-${nextKey}`,
    customer,
    details: TEST_DETAILS,
    payment: { method: "card", instrument: "NEW", nonce: await nonce(options.card) },
    origin: options.origin ?? { clientIp: `198.51.100.${(nextIp += 1)}`, deviceId: null },
  });
}

async function placed(result: Awaited<ReturnType<typeof buy>>) {
  if (!result.ok) throw new Error(`order failed: ${result.error.code}`);
  return result.order.id;
}

const reviewOf = async (orderId: number) => (await db().select().from(orderReviews).where(eq(orderReviews.orderId, orderId)))[0] ?? null;
const voucherStatuses = async (orderId: number) => (await db().select({ status: vouchers.status }).from(vouchers).where(eq(vouchers.orderId, orderId))).map((row) => row.status);
const paymentStatus = async (orderId: number) => (await db().select({ status: payments.status }).from(payments).where(eq(payments.orderId, orderId)))[0]?.status;
const subjectsTo = async (email: string) =>
  (await db().select({ subject: outboxMessages.subject }).from(outboxMessages).where(eq(outboxMessages.to, email)).orderBy(outboxMessages.id)).map((row) => row.subject);
const remaining = async (productId: number) => (await db().select({ left: products.totalRemaining }).from(products).where(eq(products.id, productId)))[0].left;

describe("an order of a deal flagged high fraud risk", () => {
  it("is held: vouchers not released, the payment only authorized, and the shopper told we're checking it", async () => {
    const customer = await newCustomer();
    const { product } = await insertSellable(db(), suite.basics, { deal: { highFraudRisk: true, headline: "Designer watch" }, product: { totalRemaining: 10 } });
    const orderId = await placed(await buy(customer, product.id, { quantity: 2 }));

    const review = await reviewOf(orderId);
    expect(review?.status).toBe("HELD");
    expect(review?.signals).toEqual([{ rule: "HIGH_RISK_DEAL", detail: "A deal flagged high fraud risk: Designer watch" }]);
    expect(await voucherStatuses(orderId)).toEqual(["HELD", "HELD"]);
    expect(await paymentStatus(orderId)).toBe("authorized");
    // Held orders keep their stock.
    expect(await remaining(product.id)).toBe(8);
    expect(await subjectsTo(customer.email)).toEqual([`We're checking your order ${orderId}`]);
    const [voucher] = await db().select().from(vouchers).where(eq(vouchers.orderId, orderId));
    expect(codeVisibility({ ...voucher, gift: null }, customer.id, now)).toEqual({ visible: false, reason: "NOT_READY" });

    // The payment sweeper, long after, leaves a held order's authorization alone.
    const later = fixedClock(new Date(now.getTime() + 60 * 60 * 1000));
    await settlePayments({ db: db(), provider: new SandboxPaymentProvider(db(), later), clock: later, log: pino({ level: "silent" }) });
    expect(await paymentStatus(orderId)).toBe("authorized");
  });

  it("is released when a reviewer approves it: vouchers ready, the payment captured, the confirmation sent, the decision audited", async () => {
    const customer = await newCustomer();
    const { product } = await insertSellable(db(), suite.basics, { deal: { highFraudRisk: true }, product: { totalRemaining: 10 } });
    const orderId = await placed(await buy(customer, product.id));

    expect(await approveHeldOrder(db(), reviewServices(), reviewer, { orderId, reason: "Known customer, card matches" })).toEqual({ orderId, vouchers: 1 });
    expect((await reviewOf(orderId))?.status).toBe("APPROVED");
    expect((await reviewOf(orderId))?.decidedByName).toBe("Rita Reviewer");
    expect(await voucherStatuses(orderId)).toEqual(["READY_TO_REDEEM"]);
    expect(await paymentStatus(orderId)).toBe("captured");
    expect((await subjectsTo(customer.email)).length).toBe(2);
    const [audit] = await db().select().from(auditEvents).where(eq(auditEvents.action, "order.review-approve"));
    expect(audit).toMatchObject({ entityId: String(orderId), reason: "Known customer, card matches", actorName: "Rita Reviewer" });

    // A second press (or a second reviewer) decides nothing twice.
    await expect(rejectHeldOrder(db(), reviewServices(), reviewer, { orderId, reason: "Changed my mind" })).rejects.toMatchObject({ status: 409, code: "ALREADY_DECIDED" });
    expect(await voucherStatuses(orderId)).toEqual(["READY_TO_REDEEM"]);
  });

  it("is cancelled when a reviewer rejects it: nothing taken, stock and wallet credit back, the shopper told", async () => {
    const customer = await newCustomer();
    await addWalletCredit(db(), { customerId: customer.id, currency: "GBP", balanceType: "refundable", amount: 500, reason: "goodwill", description: "Sorry", at: now });
    const { product } = await insertSellable(db(), suite.basics, { deal: { highFraudRisk: true }, product: { totalRemaining: 10, price: 2000 } });
    const orderId = await placed(await buy(customer, product.id, { quantity: 2, useCredit: true }));
    expect((await walletBalance(db(), customer.id, "GBP")).refundable).toBe(0);
    expect(await remaining(product.id)).toBe(8);

    await expect(rejectHeldOrder(db(), reviewServices(), reviewer, { orderId, reason: " " })).rejects.toMatchObject({ status: 400, code: "REASON_REQUIRED" });
    expect(await rejectHeldOrder(db(), reviewServices(), reviewer, { orderId, reason: "Card reported stolen" })).toEqual({ orderId, vouchers: 2 });

    expect((await reviewOf(orderId))?.status).toBe("REJECTED");
    expect((await db().select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0].status).toBe("CANCELLED");
    expect(await voucherStatuses(orderId)).toEqual(["CANCELLED", "CANCELLED"]);
    expect(await remaining(product.id)).toBe(10);
    expect((await walletBalance(db(), customer.id, "GBP")).refundable).toBe(500);
    expect(await paymentStatus(orderId)).toBe("voided");
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    const [gateway] = await db().select().from(sandboxTransactions).where(eq(sandboxTransactions.id, payment.authorizationId));
    expect(gateway.status).toBe("voided");
    expect(await subjectsTo(customer.email)).toEqual([`We're checking your order ${orderId}`, `We couldn't accept your order ${orderId}`]);
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "order.review-reject"), eq(auditEvents.entityId, String(orderId))));
    expect(audit.reason).toBe("Card reported stolen");
  });

  it("a rejected order whose void did not reach the gateway is voided by the payment sweeper", async () => {
    const customer = await newCustomer();
    const { product } = await insertSellable(db(), suite.basics, { deal: { highFraudRisk: true }, product: { totalRemaining: 10 } });
    const orderId = await placed(await buy(customer, product.id));
    const sandbox = new SandboxPaymentProvider(db(), clock);
    const unreachable = Object.assign(Object.create(sandbox) as SandboxPaymentProvider, {
      void: async () => {
        throw new Error("gateway unreachable");
      },
    });
    await rejectHeldOrder(db(), { ...reviewServices(), provider: unreachable }, reviewer, { orderId, reason: "Stolen card" });
    expect(await paymentStatus(orderId)).toBe("authorized");

    const later = fixedClock(new Date(now.getTime() + 10 * 60 * 1000));
    await settlePayments({ db: db(), provider: new SandboxPaymentProvider(db(), later), clock: later, log: pino({ level: "silent" }) });
    expect(await paymentStatus(orderId)).toBe("voided");
  });

  it("is not approved when it was never held", async () => {
    const customer = await newCustomer();
    const { product } = await insertSellable(db(), suite.basics, { product: { totalRemaining: 10 } });
    const orderId = await placed(await buy(customer, product.id));
    expect(await reviewOf(orderId)).toBeNull();
    expect(await paymentStatus(orderId)).toBe("captured");
    await expect(approveHeldOrder(db(), reviewServices(), reviewer, { orderId, reason: "ok" })).rejects.toMatchObject({ status: 404, code: "NOT_HELD" });
  });
});

describe("velocity rules", () => {
  it("hold the order after three declined payments from one address within the hour", async () => {
    const { product } = await insertSellable(db(), suite.basics, { product: { totalRemaining: 50 } });
    const origin = { clientIp: "203.0.113.9", deviceId: null };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const declined = await buy(await newCustomer(), product.id, { card: "4000000000000002", origin });
      expect(declined.ok).toBe(false);
    }
    const orderId = await placed(await buy(await newCustomer(), product.id, { origin }));
    expect((await reviewOf(orderId))?.signals).toEqual([{ rule: "MANY_DECLINES", detail: "3 declined payments from this address or device in the last hour" }]);
    // Another address is not affected.
    expect(await reviewOf(await placed(await buy(await newCustomer(), product.id)))).toBeNull();
  });

  it("do not count by an address inside our own network (a proxy not trusted), only by device", async () => {
    const { product } = await insertSellable(db(), suite.basics, { product: { totalRemaining: 50 } });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await buy(await newCustomer(), product.id, { card: "4000000000000002", origin: { clientIp: "10.0.0.5", deviceId: null } })).ok).toBe(false);
    }
    expect(await reviewOf(await placed(await buy(await newCustomer(), product.id, { origin: { clientIp: "10.0.0.5", deviceId: null } })))).toBeNull();
    expect(shopperAddress("::ffff:127.0.0.1")).toBeNull();
    expect(shopperAddress("192.168.1.20")).toBeNull();
    expect(shopperAddress("::ffff:203.0.113.5")).toBe("203.0.113.5");
  });

  it("hold the third different card paying from one device in a day, not the second", async () => {
    const { product } = await insertSellable(db(), suite.basics, { product: { totalRemaining: 50 } });
    const device = (ip: string) => ({ clientIp: ip, deviceId: "device-card-tester" });
    const first = await placed(await buy(await newCustomer(), product.id, { card: "4111111111111111", origin: device("192.0.2.1") }));
    const second = await placed(await buy(await newCustomer(), product.id, { card: "5555555555554444", origin: device("192.0.2.2") }));
    const third = await placed(await buy(await newCustomer(), product.id, { card: "4242424242424242", origin: device("192.0.2.3") }));
    expect(await reviewOf(first)).toBeNull();
    expect(await reviewOf(second)).toBeNull();
    expect((await reviewOf(third))?.signals.map((signal) => signal.rule)).toContain("MANY_CARDS");
  });

  it("hold the third new account ordering from one address in a day; old accounts do not count", async () => {
    const { product } = await insertSellable(db(), suite.basics, { product: { totalRemaining: 50 } });
    const origin = { clientIp: "203.0.113.77", deviceId: null };
    const old = new Date(now.getTime() - 90 * 24 * 60 * 60 * 1000);
    // One card for all: only the accounts rule can trip.
    expect(await reviewOf(await placed(await buy(await newCustomer(old), product.id, { origin })))).toBeNull();
    expect(await reviewOf(await placed(await buy(await newCustomer(), product.id, { origin })))).toBeNull();
    expect(await reviewOf(await placed(await buy(await newCustomer(), product.id, { origin })))).toBeNull();
    const held = await reviewOf(await placed(await buy(await newCustomer(), product.id, { origin })));
    expect(held?.signals).toEqual([{ rule: "NEW_ACCOUNTS", detail: "3 accounts opened in the last 24 hours ordering from this address or device" }]);
  });
});
