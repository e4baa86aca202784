/**
 * Customer service's actions (issue 26): a refund inside the shopper's own rights, unlocking an
 * account with a password link, and goodwill credit with a lead's approval above the threshold
 * (four eyes). Each asks for a reason and is audited in its own transaction.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorAt, insertCustomer, insertSellable, placementServices, TEST_DETAILS } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { customers } from "../accounts/schema";
import { auditEvents } from "../audit/schema";
import { createBasket } from "../basket/create-basket";
import { outboxMessages } from "../mail/schema";
import { placeOrder } from "../orders/place-order";
import { SandboxPaymentProvider } from "../payments/sandbox/sandbox-provider";
import { tokenizeCard } from "../payments/sandbox/tokenize";
import { statusEvents } from "../states/schema";
import { vouchers } from "../vouchers/schema";
import { walletBalance } from "../wallet/wallet";
import { decideGoodwillCredit, requestGoodwillCredit } from "./goodwill-credits";
import { refundForShopper } from "./refund-for-shopper";
import { eraseShopper, exportShopper } from "./shopper-privacy";
import { unlockShopper } from "./unlock-shopper";

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

async function boughtVoucher(key: string) {
  const db = database.db;
  const shopper = await insertCustomer(db);
  const { product } = await insertSellable(db, basics, { product: { totalRemaining: 20, price: 3000 } });
  const basket = await createBasket(db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, actorAt(clock.now(), { id: shopper.id, vip: false }));
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
  const [voucher] = await db.select().from(vouchers).where(eq(vouchers.orderId, placed.order.id));
  return { shopper, voucher };
}

const services = () => ({ provider: new SandboxPaymentProvider(database.db, clock), clock, linkOrigin: origin() });
const auditOf = (action: string) => database.db.select().from(auditEvents).where(eq(auditEvents.action, action));

describe("a refund by customer service", () => {
  it("refunds to the wallet within the shopper's rights: the voucher moves with the agent's reason, the shopper is emailed, the audit names the agent; a repeat moves nothing", async () => {
    const { shopper, voucher } = await boughtVoucher("cs-refund-1");
    const request = { customerId: shopper.id, voucherId: voucher.id, destination: "wallet" as const, reason: "Shopper rang: bought the wrong date" };
    const result = await refundForShopper(database.db, services(), agent, request);
    expect(result).toMatchObject({ firstTime: true, refundableCredit: 3000, cardAmount: 0 });
    expect((await walletBalance(database.db, shopper.id, "GBP", { now: clock.now() })).refundable).toBe(3000);
    const [moved] = await database.db
      .select()
      .from(statusEvents)
      .where(and(eq(statusEvents.aggregate, "voucher"), eq(statusEvents.aggregateId, voucher.id), eq(statusEvents.toStatus, "REFUNDED")));
    expect(moved).toMatchObject({ actorType: "staff", actorId: "7", reason: "Shopper rang: bought the wrong date" });
    expect((await database.db.select().from(outboxMessages).where(eq(outboxMessages.to, shopper.email)).orderBy(outboxMessages.id)).map((mail) => mail.subject)).toContain(
      "Your refund is confirmed",
    );
    expect((await auditOf("voucher.refund")).map((row) => [row.entityId, row.actorName, row.reason])).toEqual([
      [String(voucher.id), "Cass Service", "Shopper rang: bought the wrong date"],
    ]);

    expect((await refundForShopper(database.db, services(), agent, request)).firstTime).toBe(false);
    expect(await auditOf("voucher.refund")).toHaveLength(1);
    expect((await walletBalance(database.db, shopper.id, "GBP", { now: clock.now() })).refundable).toBe(3000);
  });

  it("refuses without a reason, outside the shopper's rights, or for another shopper's voucher, writing nothing", async () => {
    const { shopper, voucher } = await boughtVoucher("cs-refund-2");
    const other = await insertCustomer(database.db);
    const base = { customerId: shopper.id, voucherId: voucher.id, destination: "original" as const };
    await expect(refundForShopper(database.db, services(), agent, { ...base, reason: "  " })).rejects.toMatchObject({ code: "REASON_REQUIRED" });
    await expect(refundForShopper(database.db, services(), agent, { ...base, customerId: other.id, reason: "Asked" })).rejects.toMatchObject({ code: "VOUCHER_NOT_FOUND" });
    clock.advance(15 * 86_400_000);
    await expect(refundForShopper(database.db, services(), agent, { ...base, reason: "Asked after 15 days" })).rejects.toMatchObject({ code: "REFUND_NOT_ALLOWED" });
    clock.advance(-15 * 86_400_000);
    const [still] = await database.db.select({ status: vouchers.status }).from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(still.status).toBe("READY_TO_REDEEM");
    expect((await auditOf("voucher.refund")).map((row) => row.entityId)).not.toContain(String(voucher.id));
  });
});

describe("unlocking an account", () => {
  it("clears the lockout, emails a password link from the shopper's brand origin, and is audited with the reason", async () => {
    const shopper = await insertCustomer(database.db);
    await database.db
      .update(customers)
      .set({ failedLoginCount: 0, lockedUntil: new Date(clock.now().getTime() + 60_000) })
      .where(eq(customers.id, shopper.id));
    await expect(unlockShopper(database.db, clock, agent, { customerId: shopper.id, reason: "", linkOrigin: origin() })).rejects.toMatchObject({ code: "REASON_REQUIRED" });
    const done = await unlockShopper(database.db, clock, agent, { customerId: shopper.id, reason: "Locked out, identity checked on the phone", linkOrigin: origin() });
    expect(done).toMatchObject({ wasLocked: true, purpose: "password_activate" });
    const [row] = await database.db.select({ lockedUntil: customers.lockedUntil }).from(customers).where(eq(customers.id, shopper.id));
    expect(row.lockedUntil).toBeNull();
    const [mail] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.to, shopper.email)).orderBy(outboxMessages.id);
    expect(mail.text).toContain("https://www.wowcher.example/activate-password?token=");
    const [audit] = await auditOf("customer.unlock");
    expect(audit).toMatchObject({
      entityId: String(shopper.id),
      reason: "Locked out, identity checked on the phone",
      changes: { locked: [true, false], emailed: [null, "password_activate"] },
    });
  });
});

describe("goodwill credit", () => {
  it("up to the threshold goes into the wallet at once; a second press of the same form gives nothing twice", async () => {
    const shopper = await insertCustomer(database.db);
    const request = { customerId: shopper.id, amount: 1000, reason: "Delivery was a week late", key: "form-key-goodwill-0001", approvalAbove: 2500, linkOrigin: origin };
    const credit = await requestGoodwillCredit(database.db, clock, agent, request);
    expect(credit.status).toBe("approved");
    expect(await requestGoodwillCredit(database.db, clock, agent, request)).toMatchObject({ id: credit.id });
    expect((await walletBalance(database.db, shopper.id, "GBP", { now: clock.now() })).marketing).toBe(1000);
    expect((await database.db.select().from(outboxMessages).where(eq(outboxMessages.to, shopper.email)).orderBy(outboxMessages.id)).map((mail) => mail.subject)).toEqual([
      "We've added credit to your wallet",
    ]);
  });

  it("above the threshold waits for a lead other than the agent: nothing in the wallet until approved; approved once; audited both times", async () => {
    const shopper = await insertCustomer(database.db);
    const credit = await requestGoodwillCredit(database.db, clock, agent, {
      customerId: shopper.id,
      amount: 4000,
      reason: "Spa closed on the day",
      key: "form-key-goodwill-0002",
      approvalAbove: 2500,
      linkOrigin: origin,
    });
    expect(credit.status).toBe("awaiting_approval");
    expect((await walletBalance(database.db, shopper.id, "GBP", { now: clock.now() })).marketing).toBe(0);
    await expect(
      decideGoodwillCredit(database.db, clock, { ...lead, staffUserId: agent.staffUserId }, { creditId: credit.id, approve: true, note: "ok", linkOrigin: origin }),
    ).rejects.toMatchObject({
      code: "FOUR_EYES",
      status: 403,
    });
    const approved = await decideGoodwillCredit(database.db, clock, lead, { creditId: credit.id, approve: true, note: "Agreed: the merchant cancelled", linkOrigin: origin });
    expect(approved).toMatchObject({ status: "approved", decidedByName: "Lee Lead" });
    expect((await walletBalance(database.db, shopper.id, "GBP", { now: clock.now() })).marketing).toBe(4000);
    await expect(decideGoodwillCredit(database.db, clock, lead, { creditId: credit.id, approve: true, note: "again", linkOrigin: origin })).rejects.toMatchObject({
      code: "GOODWILL_DECIDED",
    });
    expect((await walletBalance(database.db, shopper.id, "GBP", { now: clock.now() })).marketing).toBe(4000);
    const history = await database.db
      .select({ from: statusEvents.fromStatus, to: statusEvents.toStatus })
      .from(statusEvents)
      .where(and(eq(statusEvents.aggregate, "goodwill_credit"), eq(statusEvents.aggregateId, credit.id)));
    expect(history).toEqual([
      { from: null, to: "awaiting_approval" },
      { from: "awaiting_approval", to: "approved" },
    ]);
    expect((await auditOf("goodwill-credit.approve")).map((row) => [row.actorName, row.reason])).toEqual([["Lee Lead", "Agreed: the merchant cancelled"]]);
  });

  it("a rejected credit never reaches the wallet; an amount out of range is refused", async () => {
    const shopper = await insertCustomer(database.db);
    const ask = (amount: number, key: string) =>
      requestGoodwillCredit(database.db, clock, agent, { customerId: shopper.id, amount, reason: "Asked", key, approvalAbove: 2500, linkOrigin: origin });
    await expect(ask(0, "form-key-goodwill-0003")).rejects.toMatchObject({ code: "GOODWILL_AMOUNT" });
    await expect(ask(50_001, "form-key-goodwill-0004")).rejects.toMatchObject({ code: "GOODWILL_AMOUNT" });
    const credit = await ask(3000, "form-key-goodwill-0005");
    expect((await decideGoodwillCredit(database.db, clock, lead, { creditId: credit.id, approve: false, note: "Not our fault", linkOrigin: origin })).status).toBe("rejected");
    expect((await walletBalance(database.db, shopper.id, "GBP", { now: clock.now() })).marketing).toBe(0);
  });
});

describe("privacy requests", () => {
  it("exports everything held (orders, vouchers, wallet) without secrets, and the download is audited", async () => {
    const { shopper, voucher } = await boughtVoucher("cs-export-1");
    const file = await exportShopper(database.db, clock, agent, shopper.id);
    expect(file?.account).toMatchObject({ id: shopper.id, email: shopper.email, hasPassword: false });
    expect(JSON.stringify(file)).not.toMatch(/passwordHash|customerToken/);
    expect(file?.orders[0].lines).toHaveLength(1);
    expect(file?.vouchers.map((row) => row.code)).toEqual([voucher.code]);
    expect(file?.emailsSent.map((mail) => mail.subject).join()).toContain("is confirmed");
    expect((await auditOf("customer.export")).map((row) => row.entityId)).toContain(String(shopper.id));
  });

  it("erases a shopper at their request, confirmed and with a reason, as their own deletion would; the orders stay", async () => {
    const { shopper, voucher } = await boughtVoucher("cs-erase-1");
    await expect(eraseShopper(database.db, clock, agent, { customerId: shopper.id, reason: "Asked by letter", confirmed: false })).rejects.toMatchObject({
      code: "ERASE_NOT_CONFIRMED",
    });
    await expect(eraseShopper(database.db, clock, agent, { customerId: shopper.id, reason: " ", confirmed: true })).rejects.toMatchObject({ code: "REASON_REQUIRED" });
    await eraseShopper(database.db, clock, agent, { customerId: shopper.id, reason: "Asked by letter", confirmed: true });
    const [row] = await database.db.select().from(customers).where(eq(customers.id, shopper.id));
    expect(row).toMatchObject({ status: "deleted", firstName: "", email: `deleted-${shopper.id}@deleted.invalid` });
    expect(await database.db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.id, voucher.id))).toHaveLength(1);
    expect((await auditOf("customer.erase")).find((audit) => audit.entityId === String(shopper.id))).toMatchObject({ reason: "Asked by letter", actorName: "Cass Service" });
    await expect(eraseShopper(database.db, clock, agent, { customerId: shopper.id, reason: "Again", confirmed: true })).rejects.toMatchObject({ code: "ACCOUNT_DELETED" });
  });
});
