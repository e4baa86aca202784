import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { buyVouchers } from "../../tests/support/voucher-fixtures";
import { dealSalesHourly, deals, products } from "../catalog/schema";
import { customerPurchases } from "../inventory/schema";
import { jobs } from "../jobs/schema";
import { outboxMessages } from "../mail/schema";
import { ORDER_PROCESS } from "../orders/order-process";
import { orders } from "../orders/schema";
import { paymentOperations, payments } from "../payments/schema";
import type { PaymentProvider } from "../payments/provider";
import { SandboxPaymentProvider } from "../payments/sandbox/sandbox-provider";
import { sandboxTransactions } from "../payments/sandbox/schema";
import { statusHistory, transition } from "../states/transition";
import { vouchers } from "../vouchers/schema";
import { VOUCHER_PROCESS } from "../vouchers/voucher-process";
import { walletBalance } from "../wallet/wallet";
import { walletLedger } from "../wallet/wallet-ledger";
import { CREDIT_EXCHANGE_JOB, exchangeForCredit } from "./exchange-for-credit";
import { extendProtectedVoucher } from "./extend-protected-voucher";
import { extendableVouchers } from "./extendable-vouchers";
import { CARD_REFUND_JOB } from "./give-back-money";
import { refundJobs } from "./refund-jobs";
import { refundReturnedVoucher } from "./refund-returned-item";
import { refundVoucher, type RefundServices } from "./refund-voucher";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
const bought = new Date("2026-11-21T12:00:00Z");
let clock: ManualClock;
const DAY = 86_400_000;
const log = pino({ level: "silent" });

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
});
afterAll(() => database.dispose());
beforeEach(() => {
  clock = new ManualClock(bought);
});

const services = (provider: PaymentProvider = new SandboxPaymentProvider(database.db, clock)): RefundServices => ({ provider, clock, log, linkOrigin: "https://www.wowcher.co.uk" });
const shopperActor = (customerId: number) => ({ type: "customer" as const, id: String(customerId) });

const buy = (options: Parameters<typeof buyVouchers>[3] = {}) => buyVouchers(database.db, basics, clock, options);

async function paymentOf(orderId: number) {
  const [payment] = await database.db.select().from(payments).where(eq(payments.orderId, orderId));
  const [gateway] = await database.db.select().from(sandboxTransactions).where(eq(sandboxTransactions.id, payment.authorizationId));
  return { payment, gateway };
}

const statusOf = async (voucherId: number) => (await database.db.select().from(vouchers).where(eq(vouchers.id, voucherId)))[0].status;
const orderStatus = async (orderId: number) => (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0].status;
const mailTo = (to: string) => database.db.select().from(outboxMessages).where(eq(outboxMessages.to, to)).orderBy(outboxMessages.id);

describe("refund to the original payment method", () => {
  it("refunds the card through the gateway, and the voucher, order and payment show it", async () => {
    const { customer, order, vouchers: [voucher] } = await buy();
    clock.advance(3 * DAY);
    const result = await refundVoucher(database.db, services(), { voucherId: voucher.id, customerId: customer.id, destination: "original", actor: shopperActor(customer.id) });

    expect(result).toMatchObject({ cardAmount: 1900, refundableCredit: 0, marketingCredit: 0, cardRefund: "succeeded", firstTime: true });
    expect(result.paidWith).toEqual({ method: "card", cardType: "Visa", last4: "1111" });
    expect(await statusOf(voucher.id)).toBe("REFUNDED");
    expect(await orderStatus(order.id)).toBe("REFUNDED");
    const { payment, gateway } = await paymentOf(order.id);
    expect(payment).toMatchObject({ status: "refunded", refundedAmount: 1900 });
    expect(gateway.refundedAmount).toBe(1900);
    const [operation] = await database.db.select().from(paymentOperations).where(and(eq(paymentOperations.paymentId, payment.id), eq(paymentOperations.kind, "refund")));
    expect(operation).toMatchObject({ amount: 1900, status: "succeeded", idempotencyKey: `refund:voucher:${voucher.id}` });
    const history = await statusHistory(database.db, VOUCHER_PROCESS, voucher.id);
    expect(history.at(-1)).toMatchObject({ fromStatus: "READY_TO_REDEEM", toStatus: "REFUNDED", actorType: "customer", actorId: String(customer.id) });
    const mail = await mailTo(customer.email);
    expect(mail.map((message) => message.subject)).toContain("Your refund is confirmed");
    expect(mail.find((message) => message.subject === "Your refund is confirmed")?.text).toContain("£19.00 is on its way back to your Visa ending 1111");
  });

  it("gives the stock and the caps back", async () => {
    const { customer, product, deal, vouchers: [voucher] } = await buy();
    const units = async () => ({
      remaining: (await database.db.select().from(products).where(eq(products.id, product.id)))[0].totalRemaining,
      customer: (await database.db.select().from(customerPurchases).where(and(eq(customerPurchases.customerId, customer.id), eq(customerPurchases.productId, product.id))))[0]?.units,
      ledger: (await database.db.select().from(dealSalesHourly).where(eq(dealSalesHourly.dealId, deal.id)))[0]?.units,
    });
    expect(await units()).toEqual({ remaining: 9, customer: 1, ledger: 1 });
    await refundVoucher(database.db, services(), { voucherId: voucher.id, customerId: customer.id, destination: "original", actor: shopperActor(customer.id) });
    expect(await units()).toEqual({ remaining: 10, customer: 0, ledger: 0 });
  });

  it("puts a product that sold out on sale again", async () => {
    const { customer, product, deal, vouchers: [voucher] } = await buy();
    await database.db.update(products).set({ totalRemaining: 0, soldOut: true }).where(eq(products.id, product.id));
    await database.db.update(deals).set({ soldOut: true }).where(eq(deals.id, deal.id));
    await refundVoucher(database.db, services(), { voucherId: voucher.id, customerId: customer.id, destination: "original", actor: shopperActor(customer.id) });
    expect((await database.db.select().from(products).where(eq(products.id, product.id)))[0]).toMatchObject({ totalRemaining: 1, soldOut: false });
    expect((await database.db.select().from(deals).where(eq(deals.id, deal.id)))[0].soldOut).toBe(false);
  });

  it("refunds the vouchers of one order one at a time: partially refunded, then refunded", async () => {
    const { customer, order, vouchers: [first, second] } = await buy({ quantity: 2 });
    await refundVoucher(database.db, services(), { voucherId: first.id, customerId: customer.id, destination: "original", actor: shopperActor(customer.id) });
    expect(await orderStatus(order.id)).toBe("PARTIALLY_REFUNDED");
    expect((await paymentOf(order.id)).payment).toMatchObject({ status: "partially_refunded", refundedAmount: 1900 });

    await refundVoucher(database.db, services(), { voucherId: second.id, customerId: customer.id, destination: "original", actor: shopperActor(customer.id) });
    expect(await orderStatus(order.id)).toBe("REFUNDED");
    const { payment, gateway } = await paymentOf(order.id);
    expect(payment).toMatchObject({ status: "refunded", refundedAmount: 3800 });
    expect(gateway.refundedAmount).toBe(3800);
    const orderHistory = await statusHistory(database.db, ORDER_PROCESS, order.id);
    expect(orderHistory.map((event) => event.toStatus)).toEqual(["PLACED", "PARTIALLY_REFUNDED", "REFUNDED"]);
  });

  it("gives the wallet-paid part back to the wallet and only the card part to the card", async () => {
    const { customer, order, vouchers: [voucher] } = await buy({ walletCredit: 500 });
    expect(voucher).toMatchObject({ paidCard: 1400, paidRefundableCredit: 500 });
    const result = await refundVoucher(database.db, services(), { voucherId: voucher.id, customerId: customer.id, destination: "original", actor: shopperActor(customer.id) });
    expect(result).toMatchObject({ cardAmount: 1400, refundableCredit: 500 });
    expect(await walletBalance(database.db, customer.id, "GBP")).toEqual({ refundable: 500, marketing: 0 });
    expect((await paymentOf(order.id)).gateway.refundedAmount).toBe(1400);
  });

  it("refunds once however often it is asked (a double click answers the first refund)", async () => {
    const { customer, order, vouchers: [voucher] } = await buy();
    const request = { voucherId: voucher.id, customerId: customer.id, destination: "original" as const, actor: shopperActor(customer.id) };
    const first = await refundVoucher(database.db, services(), request);
    const again = await refundVoucher(database.db, services(), { ...request, destination: "wallet" });
    expect(again).toMatchObject({ cardAmount: 1900, destination: "original", cardRefund: "succeeded", firstTime: false, refundedAt: first.refundedAt });
    expect((await paymentOf(order.id)).gateway.refundedAmount).toBe(1900);
    expect(await walletBalance(database.db, customer.id, "GBP")).toEqual({ refundable: 0, marketing: 0 });
  });

  it("retries the gateway from the job when the request's own try fails", async () => {
    const { customer, order, vouchers: [voucher] } = await buy();
    const sandbox = new SandboxPaymentProvider(database.db, clock);
    const unreachable: PaymentProvider = { ...sandbox, name: "sandbox", refund: () => Promise.reject(new Error("gateway timed out")) };
    const result = await refundVoucher(database.db, services(unreachable), { voucherId: voucher.id, customerId: customer.id, destination: "original", actor: shopperActor(customer.id) });
    expect(result.cardRefund).toBe("pending");
    expect((await paymentOf(order.id)).gateway.refundedAmount).toBe(0);

    const [job] = await database.db.select().from(jobs).where(eq(jobs.uniqueKey, `refund:voucher:${voucher.id}`));
    expect(job).toMatchObject({ name: CARD_REFUND_JOB, status: "pending" });
    const handler = refundJobs((db, jobClock) => new SandboxPaymentProvider(db, jobClock)).find((definition) => definition.name === CARD_REFUND_JOB)!.handler;
    await handler({ db: database.db, clock, log, payload: job.payload, job: { id: job.id, attempt: 1 } });
    expect((await paymentOf(order.id)).gateway.refundedAmount).toBe(1900);
    // Run again (a crash before "done"): the refund is not sent twice.
    await handler({ db: database.db, clock, log, payload: job.payload, job: { id: job.id, attempt: 2 } });
    expect((await paymentOf(order.id)).gateway.refundedAmount).toBe(1900);
  });
});

describe("refund as wallet credit", () => {
  it("puts the whole amount in the wallet at once and leaves the card alone", async () => {
    const { customer, order, vouchers: [voucher] } = await buy();
    const result = await refundVoucher(database.db, services(), { voucherId: voucher.id, customerId: customer.id, destination: "wallet", actor: shopperActor(customer.id) });
    expect(result).toMatchObject({ cardAmount: 0, refundableCredit: 1900, cardRefund: null, paidWith: null });
    expect(await walletBalance(database.db, customer.id, "GBP")).toEqual({ refundable: 1900, marketing: 0 });
    // My Wallet's ledger links the credit to the voucher and its order.
    expect((await walletLedger(database.db, customer.id, 1)).entries[0]).toMatchObject({ amount: 1900, reason: "refund", voucherId: voucher.id, orderId: order.id });
    expect((await paymentOf(order.id)).payment).toMatchObject({ status: "captured", refundedAmount: 0 });
    expect(await orderStatus(order.id)).toBe("REFUNDED");
    const mail = (await mailTo(customer.email)).find((message) => message.subject === "Your refund is confirmed");
    expect(mail?.text).toContain("£19.00 has been added to your wallet as credit, ready to spend now.");
  });
});

describe("when a refund is refused", () => {
  it("hides another customer's voucher", async () => {
    const { vouchers: [voucher] } = await buy();
    const stranger = await insertCustomer(database.db);
    await expect(refundVoucher(database.db, services(), { voucherId: voucher.id, customerId: stranger.id, destination: "wallet", actor: shopperActor(stranger.id) })).rejects.toMatchObject({ code: "VOUCHER_NOT_FOUND", status: 404 });
    expect(await statusOf(voucher.id)).toBe("READY_TO_REDEEM");
  });

  it("ends the no-quibble refund after 14 days without Deal Protection, saying why", async () => {
    const { customer, vouchers: [voucher] } = await buy();
    clock.advance(20 * DAY);
    await expect(refundVoucher(database.db, services(), { voucherId: voucher.id, customerId: customer.id, destination: "wallet", actor: shopperActor(customer.id) })).rejects.toMatchObject({
      code: "REFUND_NOT_ALLOWED",
      message: "The 14-day refund period for this voucher has ended. Deal Protection was not added to this order.",
    });
  });

  it("still refunds after 14 days with Deal Protection (whose fee is kept)", async () => {
    const { customer, order, vouchers: [voucher] } = await buy({ protection: true });
    expect(order.total).toBe(1900 + 199);
    clock.advance(20 * DAY);
    const result = await refundVoucher(database.db, services(), { voucherId: voucher.id, customerId: customer.id, destination: "wallet", actor: shopperActor(customer.id) });
    expect(result.refundableCredit).toBe(1900);
  });

  it("gives the Deal Protection fee back with the last voucher of an order cancelled whole within 14 days, once", async () => {
    const { customer, order, vouchers: [first, second] } = await buy({ quantity: 2, protection: true });
    expect(order.total).toBe(2 * 1900 + 199);
    const refund = (voucherId: number) => refundVoucher(database.db, services(), { voucherId, customerId: customer.id, destination: "original", actor: shopperActor(customer.id) });
    clock.advance(3 * DAY);
    expect(await refund(first.id)).toMatchObject({ cardAmount: 1900 });
    clock.advance(DAY);
    expect(await refund(second.id)).toMatchObject({ cardAmount: 1900 + 199, firstTime: true });
    // A repeat moves nothing again: the payment is back in full, never more.
    expect(await refund(second.id)).toMatchObject({ cardAmount: 1900 + 199, firstTime: false });
    const { payment, gateway } = await paymentOf(order.id);
    expect(payment).toMatchObject({ status: "refunded", refundedAmount: order.total });
    expect(gateway.refundedAmount).toBe(order.total);
    const history = await statusHistory(database.db, ORDER_PROCESS, order.id);
    expect(history.filter((event) => event.data?.event === "protection-fee-refunded")).toEqual([
      expect.objectContaining({ toStatus: "REFUNDED", data: { event: "protection-fee-refunded", voucherId: second.id, amount: 199 } }),
    ]);
    const mail = (await mailTo(customer.email)).filter((message) => message.subject === "Your refund is confirmed");
    expect(mail.map((message) => message.text.includes("this includes the £1.99 Deal Protection fee"))).toEqual([false, true]);
  });

  it("gives the fee back by the sources it was paid with, so the refunds add up to exactly what was paid", async () => {
    const { customer, order, vouchers: issued } = await buy({ quantity: 2, protection: true, walletCredit: 1000 });
    const results = [];
    for (const voucher of issued) {
      results.push(await refundVoucher(database.db, services(), { voucherId: voucher.id, customerId: customer.id, destination: "original", actor: shopperActor(customer.id) }));
    }
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(results.reduce((sum, result) => sum + result.cardAmount, 0)).toBe(row.total);
    expect(results.reduce((sum, result) => sum + result.refundableCredit, 0)).toBe(row.walletRefundableUsed);
    expect(row.total + row.walletRefundableUsed).toBe(2 * 1900 + 199);
  });

  it("keeps the fee when the order is not cancelled whole within 14 days", async () => {
    const { customer, vouchers: [first, second] } = await buy({ quantity: 2, protection: true });
    const refund = (voucherId: number) => refundVoucher(database.db, services(), { voucherId, customerId: customer.id, destination: "wallet", actor: shopperActor(customer.id) });
    expect(await refund(first.id)).toMatchObject({ refundableCredit: 1900 });
    clock.advance(20 * DAY);
    // Deal Protection's own refund, after the 14 days: the fee paid for it.
    expect(await refund(second.id)).toMatchObject({ refundableCredit: 1900 });
  });

  it("refuses a redeemed voucher", async () => {
    const { customer, vouchers: [voucher] } = await buy();
    await transition(database.db, VOUCHER_PROCESS, { id: voucher.id, from: "READY_TO_REDEEM", to: "REDEEMED", actor: { type: "merchant", id: "1" }, at: clock.now() });
    await expect(refundVoucher(database.db, services(), { voucherId: voucher.id, customerId: customer.id, destination: "original", actor: shopperActor(customer.id) })).rejects.toMatchObject({
      code: "REFUND_NOT_ALLOWED",
      message: "This voucher has been redeemed.",
    });
  });
});

describe("refund of returned goods", () => {
  it("refunds a voucher back with the merchant to the card, once", async () => {
    const { order, vouchers: [voucher] } = await buy();
    const merchant = { type: "merchant" as const, id: "1" };
    for (const [from, to] of [["READY_TO_REDEEM", "REDEEMED"], ["REDEEMED", "RETURN_REQUESTED"], ["RETURN_REQUESTED", "RETURN_IN_TRANSIT"], ["RETURN_IN_TRANSIT", "RETURNED_TO_MERCHANT"]] as const) {
      await transition(database.db, VOUCHER_PROCESS, { id: voucher.id, from, to, actor: merchant, at: clock.now() });
    }
    clock.advance(40 * DAY);
    const result = await refundReturnedVoucher(database.db, services(), { voucherId: voucher.id, actor: merchant });
    expect(result).toMatchObject({ cardAmount: 1900, cardRefund: "succeeded", firstTime: true });
    expect((await refundReturnedVoucher(database.db, services(), { voucherId: voucher.id, actor: merchant })).firstTime).toBe(false);
    expect((await paymentOf(order.id)).gateway.refundedAmount).toBe(1900);
    expect(await statusOf(voucher.id)).toBe("REFUNDED");
  });

  it("refuses a voucher that is not back with the merchant", async () => {
    const { vouchers: [voucher] } = await buy();
    await expect(refundReturnedVoucher(database.db, services(), { voucherId: voucher.id, actor: { type: "merchant", id: "1" } })).rejects.toMatchObject({ code: "REFUND_NOT_ALLOWED" });
  });
});

describe("exchange for wallet credit", () => {
  async function runCreditJobs() {
    const handler = refundJobs((db, jobClock) => new SandboxPaymentProvider(db, jobClock)).find((definition) => definition.name === CREDIT_EXCHANGE_JOB)!.handler;
    for (const job of await database.db.select().from(jobs).where(and(eq(jobs.name, CREDIT_EXCHANGE_JOB), eq(jobs.status, "pending")))) {
      await handler({ db: database.db, clock, log, payload: job.payload, job: { id: job.id, attempt: 1 } });
      await database.db.update(jobs).set({ status: "done" }).where(eq(jobs.id, job.id));
    }
  }

  it("requests the credit, then the job puts all the voucher cost in the wallet and processes the request", async () => {
    const { customer, order, vouchers: [voucher] } = await buy({ walletCredit: 500 });
    const request = { voucherId: voucher.id, customerId: customer.id, actor: shopperActor(customer.id) };
    expect(await exchangeForCredit(database.db, services(), request)).toMatchObject({ status: "CREDIT_REQUESTED", amount: 1900, firstTime: true });
    expect(await exchangeForCredit(database.db, services(), request)).toMatchObject({ status: "CREDIT_REQUESTED", firstTime: false });
    expect(await walletBalance(database.db, customer.id, "GBP")).toEqual({ refundable: 0, marketing: 0 });

    await runCreditJobs();
    expect(await statusOf(voucher.id)).toBe("REQUEST_PROCESSED");
    expect(await walletBalance(database.db, customer.id, "GBP")).toEqual({ refundable: 1900, marketing: 0 });
    expect((await walletLedger(database.db, customer.id, 1)).entries[0]).toMatchObject({ amount: 1900, reason: "refund", voucherId: voucher.id, orderId: order.id });
    expect(await orderStatus(order.id)).toBe("REFUNDED");
    expect((await paymentOf(order.id)).payment.refundedAmount).toBe(0);
    const subjects = (await mailTo(customer.email)).map((message) => message.subject);
    expect(subjects).toEqual(expect.arrayContaining(["We have your request for wallet credit", "Credit added to your wallet"]));

    // The job running again (a crash after the work) gives nothing twice.
    await database.db.update(jobs).set({ status: "pending" }).where(eq(jobs.name, CREDIT_EXCHANGE_JOB));
    await runCreditJobs();
    expect(await walletBalance(database.db, customer.id, "GBP")).toEqual({ refundable: 1900, marketing: 0 });
  });

  it("takes an expired voucher within 14 days of its expiry (the auto-credit rule), and not after", async () => {
    const { customer, vouchers: [early, late] } = await buy({ quantity: 2 });
    for (const voucher of [early, late]) {
      await transition(database.db, VOUCHER_PROCESS, { id: voucher.id, from: "READY_TO_REDEEM", to: "EXPIRED", actor: { type: "system", id: "expiry" }, at: clock.now() });
    }
    clock.advance(msUntil(early.expiresAt) + 13 * DAY);
    expect(await exchangeForCredit(database.db, services(), { voucherId: early.id, customerId: customer.id, actor: shopperActor(customer.id) })).toMatchObject({ status: "CREDIT_REQUESTED" });
    clock.advance(2 * DAY);
    await expect(exchangeForCredit(database.db, services(), { voucherId: late.id, customerId: customer.id, actor: shopperActor(customer.id) })).rejects.toMatchObject({
      code: "CREDIT_NOT_ALLOWED",
      message: "The 14 days to exchange this expired voucher for credit have ended.",
    });
  });
});

/** How far the clock is from a moment. */
const msUntil = (until: Date) => until.getTime() - clock.now().getTime();

describe("extension (Deal Protection)", () => {
  it("pushes the expiry back, free, up to 3 months in all, and records it in the voucher's history", async () => {
    const { customer, order, vouchers: [voucher] } = await buy({ protection: true });
    expect((await extendableVouchers(database.db, customer.id, order.id, clock.now())).map((entry) => [entry.voucherId, entry.maxMonths])).toEqual([[voucher.id, 3]]);
    const request = { voucherId: voucher.id, customerId: customer.id, months: 2, seenExpiresAt: voucher.expiresAt, actor: shopperActor(customer.id) };
    const result = await extendProtectedVoucher(database.db, services(), request);
    // Two calendar months later, to the end of that day in London (BST): 21 July 23:59:59.999.
    expect(result).toMatchObject({ expiresAt: new Date("2027-07-21T22:59:59.999Z"), extendedMonths: 2, firstTime: true });
    // The same form sent twice extends once.
    expect(await extendProtectedVoucher(database.db, services(), request)).toMatchObject({ extendedMonths: 2, firstTime: false });
    await expect(extendProtectedVoucher(database.db, services(), { ...request, seenExpiresAt: result.expiresAt })).rejects.toMatchObject({
      code: "EXTENSION_TOO_LONG",
      message: "This voucher can be extended by up to 1 more month.",
    });
    const history = await statusHistory(database.db, VOUCHER_PROCESS, voucher.id);
    expect(history.at(-1)).toMatchObject({ fromStatus: "READY_TO_REDEEM", toStatus: "READY_TO_REDEEM", reason: "Extended by 2 months (Deal Protection)", data: expect.objectContaining({ event: "extended", months: 2 }) });
    expect((await paymentOf(order.id)).payment.amount).toBe(order.total);
  });

  it("answers the spec's message for an order without protection, and hides other customers' orders", async () => {
    const { customer, order } = await buy();
    await expect(extendableVouchers(database.db, customer.id, order.id, clock.now())).rejects.toMatchObject({ code: "NO_VOUCHERS_TO_EXTEND", message: "this order has no vouchers eligible for extension" });
    const stranger = await insertCustomer(database.db);
    await expect(extendableVouchers(database.db, stranger.id, order.id, clock.now())).rejects.toMatchObject({ code: "ORDER_NOT_FOUND", status: 404 });
  });
});
