import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { buyDeal, insertMerchant } from "../../tests/support/delivery-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import type { CustomerSummary } from "../accounts/customers";
import { merchantAddresses } from "../catalog/schema";
import { deliverShipment } from "../delivery/deliver-shipment";
import { dispatchShipment } from "../delivery/dispatch-shipment";
import { jobs } from "../jobs/schema";
import { outboxMessages } from "../mail/schema";
import { SandboxPaymentProvider } from "../payments/sandbox/sandbox-provider";
import { sandboxTransactions } from "../payments/sandbox/schema";
import { payments } from "../payments/schema";
import { statusHistory } from "../states/transition";
import { vouchers } from "../vouchers/schema";
import { VOUCHER_PROCESS } from "../vouchers/voucher-process";
import { listReturns, RETURNS_PAGE_SIZE } from "./list-returns";
import { postReturn } from "./post-return";
import { receiveReturn } from "./receive-return";
import { REFUND_RECEIVED_RETURN_JOB, refundReceivedReturn } from "./refund-received-return";
import { findReturnsLabel } from "./returns-label";
import { renderReturnsLabelPdf } from "./returns-label-pdf";
import { returnOrders } from "./schema";
import { startReturn } from "./start-return";
import { withdrawReturn } from "./withdraw-return";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
const clock = new ManualClock("2026-11-21T12:00:00Z");
const DAY = 86_400_000;
const origin = "https://www.wowcher.co.uk";
let services: { db: TestDatabase["db"]; clock: ManualClock; linkOrigin: () => string };

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
  await database.db.insert(merchantAddresses).values({ merchantId: basics.merchant.id, isMain: true, addressLine1: "Unit 4, Mill Lane", town: "Leeds", postCode: "LS1 4AB", lat: 53.8, lon: -1.55 });
  services = { db: database.db, clock, linkOrigin: () => origin };
});
afterAll(() => database.dispose());

const merchant = () => ({ merchantId: basics.merchant.id, merchantUserId: 3 });

/** A physical item bought, dispatched and delivered: ready to be returned. */
async function deliveredItem(customer: CustomerSummary, options: { merchantId?: number } = {}) {
  const { vouchers: [voucher] } = await buyDeal(database.db, clock, basics, customer, options);
  const actor = { merchantId: options.merchantId ?? basics.merchant.id, merchantUserId: 3 };
  await dispatchShipment(services, { ...actor, voucherId: voucher.id, courier: "DPD", trackingNumber: "1550123456" });
  await deliverShipment(services, { ...actor, voucherId: voucher.id });
  return voucher;
}

async function voucherStatus(id: number) {
  const [row] = await database.db.select({ status: vouchers.status }).from(vouchers).where(eq(vouchers.id, id));
  return row.status;
}

const moves = (events: { fromStatus: string | null; toStatus: string; actorType: string }[]) => events.map((e) => `${e.fromStatus ?? "∅"}→${e.toStatus} (${e.actorType})`);

describe("starting a return", () => {
  it("needs a reason from the list, and bounded comments", async () => {
    const customer = await insertCustomer(database.db);
    const voucher = await deliveredItem(customer);
    const start = (reason: string, comments?: string) => startReturn(services, { customerId: customer.id, voucherId: voucher.id, reason, comments, linkOrigin: origin });
    await expect(start("")).rejects.toMatchObject({ code: "REASON_REQUIRED", status: 400, message: "Please select a reason..." });
    await expect(start("BORED")).rejects.toMatchObject({ code: "REASON_REQUIRED" });
    await expect(start("FAULTY", "x".repeat(501))).rejects.toMatchObject({ code: "COMMENTS_TOO_LONG" });
    expect(await voucherStatus(voucher.id)).toBe("REDEEMED");
    expect(await database.db.select().from(returnOrders).where(eq(returnOrders.voucherId, voucher.id))).toEqual([]);
  });

  it("is refused before delivery, after the 14 days, and for someone else's voucher", async () => {
    const customer = await insertCustomer(database.db);
    const stranger = await insertCustomer(database.db);
    const { vouchers: [undelivered] } = await buyDeal(database.db, clock, basics, customer);
    const start = (customerId: number, voucherId: number) => startReturn(services, { customerId, voucherId, reason: "CHANGED_MIND", linkOrigin: origin });
    await expect(start(customer.id, undelivered.id)).rejects.toMatchObject({ code: "RETURN_NOT_ALLOWED", message: "Your item has not been delivered yet." });

    const delivered = await deliveredItem(customer);
    await expect(start(stranger.id, delivered.id)).rejects.toMatchObject({ code: "VOUCHER_NOT_FOUND", status: 404 });
    clock.advance(15 * DAY);
    await expect(start(customer.id, delivered.id)).rejects.toMatchObject({ code: "RETURN_NOT_ALLOWED", message: "The 14 days to return this item have ended." });
  });
});

describe("the whole return", () => {
  it("goes Requested → in Transit → Returned to the Merchant with history, emails and a label for the owner only", async () => {
    const customer = await insertCustomer(database.db);
    const stranger = await insertCustomer(database.db);
    const voucher = await deliveredItem(customer);
    clock.advance(3 * DAY);

    const started = await startReturn(services, { customerId: customer.id, voucherId: voucher.id, reason: "FAULTY", comments: "  The lid is cracked. ", linkOrigin: origin });
    expect(started.reference).toMatch(/^RTN-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(started.labelPath).toBe(`/v1/returns/pdf?returnId=${started.returnId}`);
    // A double click answers the same return.
    expect(await startReturn(services, { customerId: customer.id, voucherId: voucher.id, reason: "FAULTY", linkOrigin: origin })).toEqual(started);
    const [row] = await database.db.select().from(returnOrders).where(eq(returnOrders.id, started.returnId));
    expect(row).toMatchObject({ reason: "FAULTY", comments: "The lid is cracked.", customerId: customer.id, merchantId: basics.merchant.id, closedAt: null });
    const mails = await database.db.select().from(outboxMessages).where(eq(outboxMessages.to, customer.email)).orderBy(outboxMessages.id);
    const startedMail = mails.filter((mail) => mail.subject.startsWith("Your return has started"));
    expect(startedMail).toHaveLength(1);
    expect(startedMail[0].text).toContain(`${origin}/v1/returns/pdf?returnId=${started.returnId}`);

    const label = await findReturnsLabel(database.db, customer.id, started.returnId);
    expect(label).toMatchObject({ reference: started.reference, orderId: voucher.orderId, reason: "The item is faulty or damaged", returnAddress: ["Serenity Spa", "Unit 4, Mill Lane", "Leeds", "LS1 4AB"] });
    expect(await findReturnsLabel(database.db, stranger.id, started.returnId)).toBeNull();
    const pdf = await renderReturnsLabelPdf({ ...label!, brandName: "Wowcher" }, { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain(`(Wowcher returns label ${started.reference})`);

    await expect(postReturn(services, { customerId: stranger.id, returnId: started.returnId })).rejects.toMatchObject({ code: "RETURN_NOT_FOUND" });
    clock.advance(DAY);
    await postReturn(services, { customerId: customer.id, returnId: started.returnId });
    await postReturn(services, { customerId: customer.id, returnId: started.returnId });
    await expect(withdrawReturn(services, { customerId: customer.id, returnId: started.returnId })).rejects.toMatchObject({ code: "RETURN_ALREADY_POSTED" });

    const other = await insertMerchant(database.db, "Someone Else");
    await expect(receiveReturn(services, { merchantId: other.id, merchantUserId: 1, reference: started.reference })).rejects.toMatchObject({ code: "RETURN_NOT_FOUND", status: 404 });
    clock.advance(2 * DAY);
    const received = await receiveReturn(services, { ...merchant(), reference: started.reference.toLowerCase() });
    expect(received).toEqual({ returnId: started.returnId, voucherId: voucher.id, status: "RETURNED_TO_MERCHANT", receivedAt: clock.now() });
    expect(await receiveReturn(services, { ...merchant(), reference: started.reference })).toEqual(received);

    expect(moves(await statusHistory(database.db, VOUCHER_PROCESS, voucher.id))).toEqual([
      "∅→READY_TO_REDEEM (customer)",
      "READY_TO_REDEEM→REDEEMED (merchant)",
      "REDEEMED→RETURN_REQUESTED (customer)",
      "RETURN_REQUESTED→RETURN_IN_TRANSIT (customer)",
      "RETURN_IN_TRANSIT→RETURNED_TO_MERCHANT (merchant)",
    ]);
    const receivedMail = (await database.db.select().from(outboxMessages).where(eq(outboxMessages.to, customer.email)).orderBy(outboxMessages.id)).filter((mail) => mail.subject.startsWith("The merchant has received"));
    expect(receivedMail).toHaveLength(1);
    expect((await listReturns(database.db, customer.id, 1)).returns[0]).toMatchObject({ status: "Returned to the Merchant", awaitingPosting: false, reference: started.reference });

    // Receipt queued the refund; the job gives the £25.00 back to the card and closes the return.
    const [queued] = await database.db.select().from(jobs).where(eq(jobs.name, REFUND_RECEIVED_RETURN_JOB));
    expect(queued.payload).toEqual({ voucherId: voucher.id });
    const refundServices = { provider: new SandboxPaymentProvider(database.db, clock), clock, linkOrigin: () => origin };
    await refundReceivedReturn(database.db, refundServices, { voucherId: voucher.id });
    await refundReceivedReturn(database.db, refundServices, { voucherId: voucher.id });
    expect(await voucherStatus(voucher.id)).toBe("REFUNDED");
    expect((await database.db.select().from(returnOrders).where(eq(returnOrders.id, started.returnId)))[0].closedAt).toEqual(clock.now());
    const [payment] = await database.db.select().from(payments).where(eq(payments.orderId, voucher.orderId));
    expect(payment).toMatchObject({ refundedAmount: 2500, status: "refunded" });
    const [gateway] = await database.db.select().from(sandboxTransactions).where(eq(sandboxTransactions.id, payment.authorizationId));
    expect(gateway.refundedAmount).toBe(2500);
    expect((await listReturns(database.db, customer.id, 1)).returns[0]).toMatchObject({ status: "Refunded" });
  });

  it("passes through Return in Transit when the merchant receives it before the shopper said it was posted", async () => {
    const customer = await insertCustomer(database.db);
    const voucher = await deliveredItem(customer);
    const started = await startReturn(services, { customerId: customer.id, voucherId: voucher.id, reason: "WRONG_ITEM", linkOrigin: origin });
    await receiveReturn(services, { ...merchant(), reference: started.reference });
    const events = await statusHistory(database.db, VOUCHER_PROCESS, voucher.id);
    expect(moves(events.slice(-2))).toEqual(["RETURN_REQUESTED→RETURN_IN_TRANSIT (merchant)", "RETURN_IN_TRANSIT→RETURNED_TO_MERCHANT (merchant)"]);
    expect(await voucherStatus(voucher.id)).toBe("RETURNED_TO_MERCHANT");
  });

  it("can be withdrawn before posting: the voucher is Redeemed again and a new return may start", async () => {
    const customer = await insertCustomer(database.db);
    const voucher = await deliveredItem(customer);
    const first = await startReturn(services, { customerId: customer.id, voucherId: voucher.id, reason: "CHANGED_MIND", linkOrigin: origin });
    await withdrawReturn(services, { customerId: customer.id, returnId: first.returnId });
    await withdrawReturn(services, { customerId: customer.id, returnId: first.returnId });
    expect(await voucherStatus(voucher.id)).toBe("REDEEMED");
    await expect(postReturn(services, { customerId: customer.id, returnId: first.returnId })).rejects.toMatchObject({ code: "RETURN_CLOSED" });
    await expect(receiveReturn(services, { ...merchant(), reference: first.reference })).rejects.toMatchObject({ code: "RETURN_CLOSED" });

    const second = await startReturn(services, { customerId: customer.id, voucherId: voucher.id, reason: "FAULTY", linkOrigin: origin });
    expect(second.returnId).not.toBe(first.returnId);
    const list = await listReturns(database.db, customer.id, 1);
    expect(list.returns.map((r) => [r.id, r.status, r.awaitingPosting])).toEqual([
      [second.returnId, "Return Requested", true],
      [first.returnId, "Withdrawn", false],
    ]);
  });
});

describe("the returns list", () => {
  it("shows the customer's own returns, 20 a page, newest first", async () => {
    const customer = await insertCustomer(database.db);
    const stranger = await insertCustomer(database.db);
    await deliveredItem(stranger).then((v) => startReturn(services, { customerId: stranger.id, voucherId: v.id, reason: "OTHER", linkOrigin: origin }));
    // Two orders: a deal sells at most 20 a day to one shopper.
    const bought = [...(await buyDeal(database.db, clock, basics, customer, { quantity: 11 })).vouchers, ...(await buyDeal(database.db, clock, basics, customer, { quantity: 10 })).vouchers];
    for (const voucher of bought) await deliverShipment(services, { ...merchant(), voucherId: voucher.id });
    const started = [];
    for (const voucher of bought) {
      clock.advance(1000);
      started.push(await startReturn(services, { customerId: customer.id, voucherId: voucher.id, reason: "CHANGED_MIND", linkOrigin: origin }));
    }
    const first = await listReturns(database.db, customer.id, 1);
    expect(RETURNS_PAGE_SIZE).toBe(20);
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 21 });
    expect(first.returns).toHaveLength(20);
    expect(first.returns[0].id).toBe(started[20].returnId);
    const second = await listReturns(database.db, customer.id, 2);
    expect(second.returns.map((r) => r.id)).toEqual([started[0].returnId]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)("under concurrency (PostgreSQL, parallel connections)", () => {
  it("two deliveries of one parcel redeem the voucher once; two return starts make one return", async () => {
    const customer = await insertCustomer(database.db);
    const { vouchers: [voucher] } = await buyDeal(database.db, clock, basics, customer);
    const delivered = await Promise.all([1, 2].map(() => deliverShipment(services, { ...merchant(), voucherId: voucher.id })));
    expect(delivered[0]).toEqual(delivered[1]);
    const redemptions = (await statusHistory(database.db, VOUCHER_PROCESS, voucher.id)).filter((event) => event.toStatus === "REDEEMED");
    expect(redemptions).toHaveLength(1);

    const started = await Promise.all([1, 2, 3].map(() => startReturn(services, { customerId: customer.id, voucherId: voucher.id, reason: "FAULTY", linkOrigin: origin })));
    expect(new Set(started.map((s) => s.returnId)).size).toBe(1);
    expect(await database.db.select().from(returnOrders).where(eq(returnOrders.voucherId, voucher.id))).toHaveLength(1);
  });

  it("a withdrawal racing \"I've posted it\": exactly one wins", async () => {
    const customer = await insertCustomer(database.db);
    const voucher = await deliveredItem(customer);
    const { returnId } = await startReturn(services, { customerId: customer.id, voucherId: voucher.id, reason: "CHANGED_MIND", linkOrigin: origin });
    const outcomes = await Promise.allSettled([postReturn(services, { customerId: customer.id, returnId }), withdrawReturn(services, { customerId: customer.id, returnId })]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(["RETURN_IN_TRANSIT", "REDEEMED"]).toContain(await voucherStatus(voucher.id));
  });
});
