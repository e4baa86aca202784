import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fixedClock } from "../../lib/clock";
import { actorAt, insertCustomer, insertSellable, placementServices, TEST_DETAILS } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { insertVipYear } from "../../tests/support/vip-fixtures";
import type { CustomerSummary } from "../accounts/customers";
import { customers } from "../accounts/schema";
import { addAddon } from "../basket/add-addon";
import { createBasket } from "../basket/create-basket";
import { jobs } from "../jobs/schema";
import { outboxMessages } from "../mail/schema";
import { placeOrder } from "../orders/place-order";
import { orders } from "../orders/schema";
import type { PaymentProvider } from "../payments/provider";
import { SandboxPaymentProvider } from "../payments/sandbox/sandbox-provider";
import { tokenizeCard } from "../payments/sandbox/tokenize";
import { paymentOperations, payments } from "../payments/schema";
import { sandboxTransactions } from "../payments/sandbox/schema";
import { CARD_REFUND_JOB } from "../refunds/give-back-money";
import { refundJobs } from "../refunds/refund-jobs";
import { hashToken } from "../security/tokens";
import { statusHistory } from "../states/transition";
import { walletBalance } from "../wallet/wallet";
import { walletEntries } from "../wallet/schema";
import { inviteVipRefund } from "./invite-refund";
import { declineVipRefundRequest, processVipRefundRequest, processVipRefundRequests, VIP_CHARGE_REFUND_JOB } from "./process-refund-requests";
import { findVipRefundForm, submitVipRefundChoice } from "./refund-form";
import { VIP_REFUND_PROCESS } from "./refund-request-process";
import { sendVipChargeRefund } from "./refund-jobs";
import { vipCharges, vipMemberships } from "../vip/schema";
import { vipRefundRequests } from "./schema";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
const bought = new Date("2026-06-01T12:00:00Z");
const invited = new Date("2026-11-21T12:00:00Z");
const clock = new ManualClock(invited);
const staff = { type: "staff" as const, id: "test" };
const linkOrigin = () => "https://www.wowcher.co.uk";
const services = { clock, linkOrigin };
let nextKey = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
});
afterAll(() => database.dispose());

/** A shopper who bought a £19.00 voucher with a VIP year (4.99) by card, on `at`. */
async function vipBuyer(at = bought): Promise<{ customer: CustomerSummary; orderId: number }> {
  const customer = await insertCustomer(database.db);
  const orderClock = fixedClock(at);
  const { product } = await insertSellable(database.db, basics, { product: { totalRemaining: 10 } });
  const actor = actorAt(at, { id: customer.id, vip: false });
  const basket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, actor);
  await addAddon(database.db, basket.token, { addonType: "VVE" }, actor);
  const card = await tokenizeCard(database.db, orderClock, { number: "4111111111111111", expiry: "12/29", securityCode: "123", postalCode: "SW1A 1AA" });
  if (!card.ok) throw new Error("card refused");
  nextKey += 1;
  const placed = await placeOrder(placementServices(database.db, orderClock), {
    basketToken: basket.token,
    idempotencyKey: `vip-refund-${nextKey}`,
    customer: { id: customer.id, email: customer.email, vip: false },
    details: TEST_DETAILS,
    payment: { method: "card", instrument: "NEW", nonce: card.nonce },
  });
  if (!placed.ok) throw placed.error;
  return { customer, orderId: placed.order.id };
}

const invite = (customerId: number) => inviteVipRefund(database.db, clock, { customerId, actor: staff, linkOrigin });
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;
const requestRow = async (id: number) => (await database.db.select().from(vipRefundRequests).where(eq(vipRefundRequests.id, id)))[0];
const customerRow = async (id: number) => (await database.db.select().from(customers).where(eq(customers.id, id)))[0];

describe("inviting to the VIP refund form", () => {
  it("emails a personal link for what the shopper paid for VIP, stores only its hash, and lets it run 12 months", async () => {
    const { customer } = await vipBuyer();
    const invitation = await invite(customer.id);
    expect(invitation.paidAmount).toBe(499);
    expect(invitation.url).toMatch(/^https:\/\/www\.wowcher\.co\.uk\/vip-refund\?token=[\w-]{43}$/);
    expect(invitation.expiresAt).toEqual(new Date("2027-11-21T12:00:00Z"));

    const row = await requestRow(invitation.requestId);
    expect(row).toMatchObject({ status: "INVITED", paidAmount: 499, currency: "GBP", tokenHash: hashToken(tokenOf(invitation.url)) });
    expect(row.tokenHash).not.toContain(tokenOf(invitation.url));
    const [mail] = await database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.to, customer.email), eq(outboxMessages.subject, "Your Wowcher VIP refund")));
    expect(mail.text).toContain(invitation.url);
    expect(mail.text).toContain("You paid £4.99 for Wowcher VIP");
    expect(mail.text).toContain("£5.99 of wallet credit (an extra 20%");
    expect((await statusHistory(database.db, VIP_REFUND_PROCESS, row.id)).map((event) => event.toStatus)).toEqual(["INVITED"]);
  });

  it("replaces the link of an unanswered invitation when inviting again", async () => {
    const { customer } = await vipBuyer();
    const first = await invite(customer.id);
    const second = await invite(customer.id);
    expect(second.requestId).toBe(first.requestId);
    expect(await findVipRefundForm(database.db, tokenOf(first.url), invited)).toBeNull();
    expect(await findVipRefundForm(database.db, tokenOf(second.url), invited)).toMatchObject({ status: "INVITED", open: true });
  });

  it("refuses a customer who paid nothing for VIP in the last 12 months", async () => {
    const never = await insertCustomer(database.db);
    await expect(invite(never.id)).rejects.toMatchObject({ code: "NOTHING_TO_REFUND" });
    const { customer: longAgo } = await vipBuyer(new Date("2025-10-01T12:00:00Z"));
    await expect(invite(longAgo.id)).rejects.toMatchObject({ code: "NOTHING_TO_REFUND" });
    await expect(invite(999_999)).rejects.toMatchObject({ code: "UNKNOWN_CUSTOMER" });
  });
});

describe("the form's answer", () => {
  it("needs a choice, takes one answer only, and refuses an expired link", async () => {
    const { customer } = await vipBuyer();
    const { url } = await invite(customer.id);
    const token = tokenOf(url);
    await expect(submitVipRefundChoice(database.db, { token, choice: "", now: invited })).rejects.toMatchObject({ code: "CHOICE_REQUIRED" });
    await expect(submitVipRefundChoice(database.db, { token, choice: "everything", now: invited })).rejects.toMatchObject({ code: "CHOICE_REQUIRED" });
    await expect(submitVipRefundChoice(database.db, { token: "x".repeat(43), choice: "cash_refund", now: invited })).rejects.toMatchObject({ code: "LINK_NOT_RECOGNISED" });

    const answered = await submitVipRefundChoice(database.db, { token, choice: "extra_credit", now: invited });
    expect(answered).toMatchObject({ status: "REQUESTED", choice: "extra_credit", open: false });
    await expect(submitVipRefundChoice(database.db, { token, choice: "cash_refund", now: invited })).rejects.toMatchObject({ code: "ALREADY_ANSWERED" });
    await expect(invite(customer.id)).rejects.toMatchObject({ code: "ALREADY_REQUESTED" });

    const { customer: late } = await vipBuyer();
    const { url: lateUrl } = await invite(late.id);
    await expect(submitVipRefundChoice(database.db, { token: tokenOf(lateUrl), choice: "cash_refund", now: new Date("2027-11-22T00:00:00Z") })).rejects.toMatchObject({
      code: "LINK_EXPIRED",
    });
  });
});

describe("processing answered requests", () => {
  it("turns the extra-credit choice into the payment plus 20% of wallet credit, ends VIP, and does it once", async () => {
    const { customer } = await vipBuyer();
    expect((await customerRow(customer.id)).vipUser).toBe(true);
    const { url, requestId } = await invite(customer.id);
    await submitVipRefundChoice(database.db, { token: tokenOf(url), choice: "extra_credit", now: invited });

    expect(await processVipRefundRequests(database.db, services, { customerId: customer.id })).toBe(1);
    expect(await processVipRefundRequest(database.db, services, requestId)).toBe("skipped");
    expect(await processVipRefundRequests(database.db, services, { customerId: customer.id })).toBe(0);

    expect(await walletBalance(database.db, customer.id, "GBP", { now: invited })).toEqual({ refundable: 599, marketing: 0 });
    const entries = await database.db.select().from(walletEntries).where(eq(walletEntries.customerId, customer.id));
    expect(entries).toMatchObject([{ reason: "vip_refund", amount: 599, balanceType: "refundable" }]);
    expect(await requestRow(requestId)).toMatchObject({ status: "PROCESSED", settledAmount: 599, processedAt: invited });
    const history = await statusHistory(database.db, VIP_REFUND_PROCESS, requestId);
    expect(history.map((event) => event.toStatus)).toEqual(["INVITED", "REQUESTED", "PROCESSED"]);
    expect(history[2].data).toEqual({ choice: "extra_credit", cardAmount: 0, walletCredit: 599 });
    expect((await customerRow(customer.id)).vipUser).toBe(false);
    const mails = await database.db.select().from(outboxMessages).where(eq(outboxMessages.to, customer.email)).orderBy(outboxMessages.id);
    expect(mails.at(-1)?.text).toContain("£5.99 of credit is now in your wallet. Your VIP membership has ended.");
  });

  it("books a cash refund of the VIP payment against the order's card payment, keyed, and the gateway gets it once", async () => {
    const { customer, orderId } = await vipBuyer();
    const { url, requestId } = await invite(customer.id);
    await submitVipRefundChoice(database.db, { token: tokenOf(url), choice: "cash_refund", now: invited });
    expect(await processVipRefundRequest(database.db, services, requestId, staff)).toBe("processed");

    const [payment] = await database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ amount: 1900 + 499, refundedAmount: 499, status: "partially_refunded" });
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order.status).toBe("PARTIALLY_REFUNDED");
    // The VIP year bought with the order is recorded as the membership's charge for that order.
    const [charge] = await database.db.select().from(vipCharges).where(eq(vipCharges.orderId, orderId));
    expect(charge).toMatchObject({ amount: 499, refundedAmount: 499 });
    const key = `vip-refund:${requestId}:charge:${charge.id}`;
    const [job] = await database.db.select().from(jobs).where(eq(jobs.uniqueKey, key));
    expect(job).toMatchObject({ name: CARD_REFUND_JOB, payload: { idempotencyKey: key } });
    const send = refundJobs((db, jobClock) => new SandboxPaymentProvider(db, jobClock)).find((definition) => definition.name === CARD_REFUND_JOB)!;
    const context = { db: database.db, clock, log: pino({ level: "silent" }), payload: { idempotencyKey: key }, job: { id: job.id, attempt: 1 } };
    await send.handler(context);
    await send.handler(context);
    const [gateway] = await database.db.select().from(sandboxTransactions).where(eq(sandboxTransactions.id, payment.authorizationId));
    expect(gateway.refundedAmount).toBe(499);
    const operations = await database.db.select().from(paymentOperations).where(eq(paymentOperations.idempotencyKey, key));
    expect(operations).toMatchObject([{ kind: "refund", amount: 499, status: "succeeded" }]);
    expect(await requestRow(requestId)).toMatchObject({ status: "PROCESSED", settledAmount: 499 });
    expect(await walletBalance(database.db, customer.id, "GBP", { now: invited })).toEqual({ refundable: 0, marketing: 0 });
    expect((await customerRow(customer.id)).vipUser).toBe(false);
    // What was refunded is not covered by a later invitation.
    await expect(invite(customer.id)).rejects.toMatchObject({ code: "NOTHING_TO_REFUND" });
  });

  it("gives back as wallet credit what the card can no longer take", async () => {
    const { customer, orderId } = await vipBuyer();
    // The voucher and most of the VIP year were refunded to the card meanwhile: 1.00 is left on the payment.
    await database.db.update(payments).set({ refundedAmount: 1900 + 399, status: "partially_refunded" }).where(eq(payments.orderId, orderId));
    const { url, requestId } = await invite(customer.id);
    await submitVipRefundChoice(database.db, { token: tokenOf(url), choice: "cash_refund", now: invited });
    await processVipRefundRequest(database.db, services, requestId);
    expect((await database.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]).toMatchObject({ refundedAmount: 2399, status: "refunded" });
    expect(await walletBalance(database.db, customer.id, "GBP", { now: invited })).toEqual({ refundable: 399, marketing: 0 });
    expect(await requestRow(requestId)).toMatchObject({ settledAmount: 499 });
  });

  it("records a choice to stay VIP without moving money or ending the membership", async () => {
    const { customer } = await vipBuyer();
    const { url, requestId } = await invite(customer.id);
    await submitVipRefundChoice(database.db, { token: tokenOf(url), choice: "stay_vip", now: invited });
    expect(await processVipRefundRequest(database.db, services, requestId)).toBe("processed");
    expect(await requestRow(requestId)).toMatchObject({ status: "PROCESSED", choice: "stay_vip", settledAmount: 0 });
    expect(await walletBalance(database.db, customer.id, "GBP", { now: invited })).toEqual({ refundable: 0, marketing: 0 });
    expect((await customerRow(customer.id)).vipUser).toBe(true);
  });

  it("refunds a renewal charged without an order at the gateway with its key, and ends the membership record", async () => {
    const customer = await insertCustomer(database.db, { vip: true });
    const membership = await insertVipYear(database.db, {
      customerId: customer.id,
      start: new Date("2026-09-01T00:00:00Z"),
      memberSince: new Date("2025-09-01T00:00:00Z"),
      autoRenew: true,
    });
    const [charge] = await database.db
      .insert(vipCharges)
      .values({
        membershipId: membership.id,
        customerId: customer.id,
        periodStart: new Date("2026-09-01T00:00:00Z"),
        periodEnd: new Date("2027-09-01T00:00:00Z"),
        amount: 499,
        currency: "GBP",
        status: "paid",
        idempotencyKey: `renewal-${membership.id}-2026`,
        authorizationId: "auth-renewal-1",
        createdAt: new Date("2026-09-01T00:00:00Z"),
        updatedAt: new Date("2026-09-01T00:00:00Z"),
      })
      .returning();
    const { url, requestId, paidAmount } = await invite(customer.id);
    expect(paidAmount).toBe(499);
    await submitVipRefundChoice(database.db, { token: tokenOf(url), choice: "cash_refund", now: invited });
    await processVipRefundRequest(database.db, services, requestId);

    expect((await database.db.select().from(vipCharges).where(eq(vipCharges.id, charge.id)))[0].refundedAmount).toBe(499);
    const [membershipNow] = await database.db.select().from(vipMemberships).where(eq(vipMemberships.id, membership.id));
    expect(membershipNow).toMatchObject({ status: "ELIGIBLE", autoRenew: false });
    expect((await customerRow(customer.id)).vipUser).toBe(false);
    const [job] = await database.db.select().from(jobs).where(and(eq(jobs.name, VIP_CHARGE_REFUND_JOB), eq(jobs.uniqueKey, `vip-refund:${requestId}:charge:${charge.id}`)));
    expect(job.payload).toEqual({ chargeId: charge.id, idempotencyKey: `vip-refund:${requestId}:charge:${charge.id}`, amount: 499 });

    const refund = vi.fn(async () => ({ ok: true as const }));
    await sendVipChargeRefund(database.db, { refund } as unknown as PaymentProvider, job.payload as { chargeId: number; idempotencyKey: string; amount: number });
    expect(refund).toHaveBeenCalledWith({ idempotencyKey: `vip-refund:${requestId}:charge:${charge.id}`, authorizationId: "auth-renewal-1", amount: 499 });
    const declined = vi.fn(async () => ({ ok: false as const, decline: "DECLINED" }));
    await expect(sendVipChargeRefund(database.db, { refund: declined } as unknown as PaymentProvider, job.payload as { chargeId: number; idempotencyKey: string; amount: number })).rejects.toThrow(
      /declined by the gateway/,
    );
  });

  it("lets staff decline a request with their reason in its history, after which nothing is processed", async () => {
    const { customer } = await vipBuyer();
    const { url, requestId } = await invite(customer.id);
    await submitVipRefundChoice(database.db, { token: tokenOf(url), choice: "cash_refund", now: invited });
    await declineVipRefundRequest(database.db, { requestId, reason: "Refunded by phone already", actor: staff, at: invited });
    expect(await processVipRefundRequest(database.db, services, requestId)).toBe("skipped");
    const history = await statusHistory(database.db, VIP_REFUND_PROCESS, requestId);
    expect(history.at(-1)).toMatchObject({ toStatus: "DECLINED", reason: "Refunded by phone already", actorType: "staff" });
    await expect(declineVipRefundRequest(database.db, { requestId, reason: "again", actor: staff, at: invited })).rejects.toMatchObject({ code: "NOT_DECLINABLE" });
  });
});
