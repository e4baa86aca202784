/**
 * Two customer-service actions: a wallet adjustment (credit added or taken away with a reason, a
 * lead's approval above the threshold, never below zero) and cancelling a shopper's order outside
 * their own refund rights (every voucher still Ready to Redeem back to the card, once).
 */
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorAt, insertCustomer, insertSellable, placementServices, TEST_DETAILS } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { auditEvents } from "../audit/schema";
import { createBasket } from "../basket/create-basket";
import { outboxMessages } from "../mail/schema";
import { orders } from "../orders/schema";
import { placeOrder } from "../orders/place-order";
import { paymentOperations } from "../payments/schema";
import { SandboxPaymentProvider } from "../payments/sandbox/sandbox-provider";
import { tokenizeCard } from "../payments/sandbox/tokenize";
import { statusEvents } from "../states/schema";
import { redeemVoucher } from "../vouchers/redeem-voucher";
import { vouchers } from "../vouchers/schema";
import { walletEntries } from "../wallet/schema";
import { addWalletCredit, walletBalance } from "../wallet/wallet";
import { cancelShopperOrder } from "./cancel-shopper-order";
import { decideWalletAdjustment, requestWalletAdjustment } from "./wallet-adjustments";

const clock = new ManualClock("2026-11-23T11:00:00Z");
const agent = { staffUserId: 7, name: "Cass Service", role: "customer_service" as const };
const lead = { staffUserId: 8, name: "Lee Lead", role: "customer_service_lead" as const };
const origin = () => "https://www.wowcher.example";
let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
}, 120_000);
afterAll(() => database.dispose());

const auditOf = (action: string, entityId: number) =>
  database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, String(entityId))));
const mailsTo = (email: string) => database.db.select().from(outboxMessages).where(eq(outboxMessages.to, email)).orderBy(outboxMessages.id);
const balanceOf = (customerId: number) => walletBalance(database.db, customerId, "GBP", { now: clock.now() });

describe("a wallet adjustment", () => {
  const ask = (customerId: number, amount: number, key: string, balanceType = "marketing") =>
    requestWalletAdjustment(database.db, clock, agent, { customerId, balanceType, amount, reason: "Promo code did not apply", key, approvalAbove: 2500, linkOrigin: origin });

  it("adds credit at once up to the threshold and takes it away again, with ledger entries, emails and audit rows; a second press does nothing twice", async () => {
    const shopper = await insertCustomer(database.db);
    const added = await ask(shopper.id, 1500, "adjust-key-add-000001");
    expect(added).toMatchObject({ status: "approved", amount: 1500, balanceType: "marketing" });
    expect(await ask(shopper.id, 1500, "adjust-key-add-000001")).toMatchObject({ id: added.id });
    expect(await balanceOf(shopper.id)).toEqual({ refundable: 0, marketing: 1500 });

    const taken = await ask(shopper.id, -1000, "adjust-key-take-00001");
    expect(taken.status).toBe("approved");
    expect(await balanceOf(shopper.id)).toEqual({ refundable: 0, marketing: 500 });
    const entries = await database.db.select().from(walletEntries).where(eq(walletEntries.customerId, shopper.id)).orderBy(walletEntries.id);
    expect(entries.map(({ amount, reason, remaining }) => ({ amount, reason, remaining }))).toEqual([
      { amount: 1500, reason: "adjustment", remaining: 500 },
      { amount: -1000, reason: "adjustment", remaining: null },
    ]);
    expect((await mailsTo(shopper.email)).map((mail) => mail.subject)).toEqual(["We've added credit to your wallet", "We've corrected your wallet credit"]);
    expect((await auditOf("customer.wallet-adjustment", shopper.id)).map((row) => [row.actorName, row.reason])).toEqual([
      ["Cass Service", "Promo code did not apply"],
      ["Cass Service", "Promo code did not apply"],
    ]);
  });

  it("never takes a balance below zero: a debit larger than the chosen balance is a 409 and writes nothing", async () => {
    const shopper = await insertCustomer(database.db);
    await addWalletCredit(database.db, {
      customerId: shopper.id,
      currency: "GBP",
      balanceType: "refundable",
      amount: 800,
      reason: "refund",
      description: "Refund",
      at: clock.now(),
    });
    await expect(ask(shopper.id, -500, "adjust-key-low-000001")).rejects.toMatchObject({ code: "BALANCE_TOO_SMALL", status: 409 });
    await expect(ask(shopper.id, -900, "adjust-key-low-000002", "refundable")).rejects.toMatchObject({ code: "BALANCE_TOO_SMALL", status: 409 });
    expect(await balanceOf(shopper.id)).toEqual({ refundable: 800, marketing: 0 });
    expect(await auditOf("customer.wallet-adjustment", shopper.id)).toHaveLength(0);
    // The key was not used up by the refusal: the corrected form goes through.
    expect(await ask(shopper.id, -800, "adjust-key-low-000002", "refundable")).toMatchObject({ status: "approved" });
    expect(await balanceOf(shopper.id)).toEqual({ refundable: 0, marketing: 0 });
  });

  it("above the threshold waits for a lead other than the requester, who approves it (or is refused when the balance no longer covers a debit)", async () => {
    const shopper = await insertCustomer(database.db);
    const big = await ask(shopper.id, 3000, "adjust-key-big-000001");
    expect(big.status).toBe("awaiting_approval");
    expect(await balanceOf(shopper.id)).toEqual({ refundable: 0, marketing: 0 });
    const decide = (actor: typeof lead, adjustmentId: number, approve = true) =>
      decideWalletAdjustment(database.db, clock, actor, { customerId: shopper.id, adjustmentId, approve, note: "Checked the order", linkOrigin: origin });
    await expect(decide({ ...lead, staffUserId: agent.staffUserId }, big.id)).rejects.toMatchObject({ code: "FOUR_EYES", status: 403 });
    const other = await insertCustomer(database.db);
    await expect(
      decideWalletAdjustment(database.db, clock, lead, { customerId: other.id, adjustmentId: big.id, approve: true, note: "x", linkOrigin: origin }),
    ).rejects.toMatchObject({ status: 404 });
    expect(await decide(lead, big.id)).toMatchObject({ status: "approved", decidedByName: "Lee Lead" });
    expect(await balanceOf(shopper.id)).toEqual({ refundable: 0, marketing: 3000 });
    await expect(decide(lead, big.id)).rejects.toMatchObject({ code: "ADJUSTMENT_DECIDED", status: 409 });
    const history = await database.db
      .select()
      .from(statusEvents)
      .where(and(eq(statusEvents.aggregate, "wallet_adjustment"), eq(statusEvents.aggregateId, big.id)))
      .orderBy(statusEvents.id);
    expect(history.map((event) => [event.fromStatus, event.toStatus])).toEqual([
      [null, "awaiting_approval"],
      ["awaiting_approval", "approved"],
    ]);
    expect((await auditOf("wallet-adjustment.approve", big.id)).map((row) => row.reason)).toEqual(["Checked the order"]);

    // A debit asked while the balance covered it, approved after the shopper spent some of it.
    const debit = await ask(shopper.id, -2800, "adjust-key-big-000002");
    await ask(shopper.id, -1000, "adjust-key-big-000003");
    await expect(decide(lead, debit.id)).rejects.toMatchObject({ code: "BALANCE_TOO_SMALL", status: 409 });
    expect(await balanceOf(shopper.id)).toEqual({ refundable: 0, marketing: 2000 });
    expect(await decide(lead, debit.id, false)).toMatchObject({ status: "rejected" });
    expect(await balanceOf(shopper.id)).toEqual({ refundable: 0, marketing: 2000 });
  });

  it("refuses hostile input with a 400: no reason, zero, too much, an unknown balance, a forged key", async () => {
    const shopper = await insertCustomer(database.db);
    const base = { customerId: shopper.id, balanceType: "marketing", amount: 100, reason: "Why", key: "adjust-key-bad-000001", approvalAbove: 2500, linkOrigin: origin };
    for (const hostile of [{ reason: "  " }, { amount: 0 }, { amount: 50_001 }, { amount: -50_001 }, { amount: 1.5 }, { balanceType: "cash" }, { key: "'; drop" }]) {
      await expect(requestWalletAdjustment(database.db, clock, agent, { ...base, ...hostile })).rejects.toMatchObject({ status: 400 });
    }
    expect(await balanceOf(shopper.id)).toEqual({ refundable: 0, marketing: 0 });
  });
});

async function boughtOrder(key: string, quantity: number) {
  const db = database.db;
  const shopper = await insertCustomer(db);
  const { product } = await insertSellable(db, basics, { product: { totalRemaining: 20, price: 3000 } });
  const basket = await createBasket(db, { eligibleForVip: false, products: [{ productId: product.id, quantity }] }, actorAt(clock.now(), { id: shopper.id, vip: false }));
  const card = await tokenizeCard(db, clock, { number: "4111111111111111", expiry: "12/29", securityCode: "123", postalCode: "SW1A 1AA" });
  if (!card.ok) throw new Error("card refused");
  const placed = await placeOrder(placementServices(db, clock), {
    basketToken: basket.token,
    idempotencyKey: key,
    customer: { id: shopper.id, email: shopper.email, vip: false },
    details: TEST_DETAILS,
    payment: { method: "card", instrument: "NEW", nonce: card.nonce },
  });
  if (!placed.ok) throw placed.error;
  const rows = await db.select().from(vouchers).where(eq(vouchers.orderId, placed.order.id)).orderBy(vouchers.id);
  return { shopper, orderId: placed.order.id, vouchers: rows };
}

describe("cancelling a shopper's order", () => {
  const services = () => ({ provider: new SandboxPaymentProvider(database.db, clock), clock, linkOrigin: origin() });
  const orderNow = async (id: number) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0];
  const cardRefunds = (orderId: number) =>
    database.db
      .select()
      .from(paymentOperations)
      .where(and(eq(paymentOperations.kind, "refund"), like(paymentOperations.idempotencyKey, "refund:voucher:%")))
      .then((rows) => rows.filter((row) => row.reason === `Merchant closed ${orderId}`));

  it("refunds every voucher still Ready to Redeem to the card, outside the 14 days, leaves a redeemed one, and a second press refunds nothing twice", async () => {
    const {
      shopper,
      orderId,
      vouchers: [used, open],
    } = await boughtOrder("cs-cancel-1", 2);
    await redeemVoucher(database.db, { merchantId: used.merchantId, merchantUserId: 5, code: used.code, at: clock.now(), timeZone: "Europe/London" });
    clock.advance(20 * 86_400_000);
    const reason = `Merchant closed ${orderId}`;
    const done = await cancelShopperOrder(database.db, services(), agent, { customerId: shopper.id, orderId, reason });
    expect(done.refunded.map((refund) => [refund.voucherId, refund.cardAmount])).toEqual([[open.id, 3000]]);
    expect((await orderNow(orderId)).status).toBe("PARTIALLY_REFUNDED");
    expect((await database.db.select().from(vouchers).where(eq(vouchers.id, used.id)))[0].status).toBe("REDEEMED");
    expect((await cardRefunds(orderId)).map((operation) => operation.amount)).toEqual([3000]);
    expect((await mailsTo(shopper.email)).map((mail) => mail.subject)).toContain("Your refund is confirmed");
    expect((await auditOf("order.cancel", orderId)).map((row) => [row.actorName, row.reason])).toEqual([["Cass Service", reason]]);

    await expect(cancelShopperOrder(database.db, services(), agent, { customerId: shopper.id, orderId, reason })).rejects.toMatchObject({ code: "NOTHING_TO_CANCEL", status: 409 });
    expect(await cardRefunds(orderId)).toHaveLength(1);
    expect(await auditOf("order.cancel", orderId)).toHaveLength(1);
  });

  it("moves a wholly cancelled order to Refunded; refuses another shopper's order and a missing reason with a 400", async () => {
    const { shopper, orderId } = await boughtOrder("cs-cancel-2", 2);
    const other = await insertCustomer(database.db);
    const reason = `Merchant closed ${orderId}`;
    await expect(cancelShopperOrder(database.db, services(), agent, { customerId: other.id, orderId, reason })).rejects.toMatchObject({ code: "NOT_THEIR_ORDER", status: 400 });
    await expect(cancelShopperOrder(database.db, services(), agent, { customerId: shopper.id, orderId, reason: " " })).rejects.toMatchObject({ code: "REASON_REQUIRED" });
    await expect(cancelShopperOrder(database.db, services(), agent, { customerId: shopper.id, orderId: -1, reason })).rejects.toMatchObject({ status: 400 });
    const done = await cancelShopperOrder(database.db, services(), agent, { customerId: shopper.id, orderId, reason });
    expect(done.refunded).toHaveLength(2);
    expect((await orderNow(orderId)).status).toBe("REFUNDED");
    expect((await cardRefunds(orderId)).map((operation) => operation.amount)).toEqual([3000, 3000]);
  });
});
