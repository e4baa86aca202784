/**
 * Customer service's actions (issue 26): a refund inside the shopper's own rights, unlocking an
 * account with a password link, goodwill credit with a lead's approval above the threshold (four
 * eyes), an email sent again, a voucher's new code and a longer expiry. Each asks for a reason and
 * is audited in its own transaction.
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
import { redeemVoucher } from "../vouchers/redeem-voucher";
import { vouchers } from "../vouchers/schema";
import { VOUCHER_CODE_PATTERN } from "../vouchers/voucher-codes";
import { walletBalance } from "../wallet/wallet";
import { extendShopperVoucher } from "./extend-shopper-voucher";
import { decideGoodwillCredit, requestGoodwillCredit } from "./goodwill-credits";
import { refundForShopper } from "./refund-for-shopper";
import { reissueShopperVoucherCode } from "./reissue-voucher-code";
import { resendShopperEmail } from "./resend-email";
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

const DAY = 86_400_000;
const mailOf = async (id: number) => (await database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0];
const mailsTo = (email: string) => database.db.select().from(outboxMessages).where(eq(outboxMessages.to, email)).orderBy(outboxMessages.id);
const voucherNow = async (id: number) => (await database.db.select().from(vouchers).where(eq(vouchers.id, id)))[0];
const voucherEvents = (id: number) =>
  database.db
    .select()
    .from(statusEvents)
    .where(and(eq(statusEvents.aggregate, "voucher"), eq(statusEvents.aggregateId, id)))
    .orderBy(statusEvents.id);
const till = (voucher: { merchantId: number }, code: string) => ({ merchantId: voucher.merchantId, merchantUserId: 5, code, at: clock.now(), timeZone: "Europe/London" });

/** The test fixtures' vouchers are ready at once: this one becomes ready only at `at`. */
const readyAt = (voucherId: number, at: Date) => database.db.update(vouchers).set({ availableAt: at }).where(eq(vouchers.id, voucherId));

describe("sending an email again", () => {
  it("sends the order confirmation and a voucher's email to the shopper's current address, audited; the code only once they may see it", async () => {
    const { shopper, voucher } = await boughtVoucher("cs-resend-1");
    const current = `moved-${shopper.id}@example.com`;
    await database.db.update(customers).set({ email: current }).where(eq(customers.id, shopper.id));
    await readyAt(voucher.id, new Date(clock.now().getTime() + DAY));

    const early = await resendShopperEmail(database.db, clock, agent, {
      customerId: shopper.id,
      resend: { kind: "order", id: voucher.orderId },
      reason: "Lost it",
      linkOrigin: origin,
    });
    const notYet = await mailOf(early.outboxId);
    expect(notYet).toMatchObject({ to: current, subject: `Your Wowcher order ${voucher.orderId} is confirmed` });
    expect(notYet.text).not.toContain(voucher.code);
    await expect(
      resendShopperEmail(database.db, clock, agent, { customerId: shopper.id, resend: { kind: "voucher", id: voucher.id }, reason: "Lost it", linkOrigin: origin }),
    ).rejects.toMatchObject({ code: "CODE_NOT_SHOWN", status: 409 });

    await readyAt(voucher.id, clock.now());
    const order = await mailOf(
      (await resendShopperEmail(database.db, clock, agent, { customerId: shopper.id, resend: { kind: "order", id: voucher.orderId }, reason: "Lost it", linkOrigin: origin }))
        .outboxId,
    );
    expect(order.text).toContain(`Voucher codes: ${voucher.code}`);
    const single = await mailOf(
      (await resendShopperEmail(database.db, clock, agent, { customerId: shopper.id, resend: { kind: "voucher", id: voucher.id }, reason: "Deleted it", linkOrigin: origin }))
        .outboxId,
    );
    expect(single).toMatchObject({ to: current, subject: "Your voucher" });
    expect(single.text).toContain(`Your voucher code: ${voucher.code}`);
    expect((await auditOf("order.resend-email")).filter((row) => row.entityId === String(voucher.orderId)).map((row) => [row.actorName, row.reason])).toEqual([
      ["Cass Service", "Lost it"],
      ["Cass Service", "Lost it"],
    ]);
    expect((await auditOf("voucher.resend-email")).find((row) => row.entityId === String(voucher.id))).toMatchObject({ reason: "Deleted it" });
  });

  it("refuses another shopper's order or voucher, a missing reason or a refunded voucher, sending nothing", async () => {
    const { shopper, voucher } = await boughtVoucher("cs-resend-2");
    const other = await insertCustomer(database.db);
    const resend = (customerId: number, kind: "order" | "voucher", id: number, reason = "Asked") =>
      resendShopperEmail(database.db, clock, agent, { customerId, resend: { kind, id }, reason, linkOrigin: origin });
    const before = (await mailsTo(shopper.email)).length;
    await expect(resend(other.id, "order", voucher.orderId)).rejects.toMatchObject({ code: "NOT_THEIR_ORDER", status: 400 });
    await expect(resend(other.id, "voucher", voucher.id)).rejects.toMatchObject({ code: "VOUCHER_NOT_THEIRS", status: 400 });
    await expect(resend(shopper.id, "order", -1)).rejects.toMatchObject({ code: "NOT_THEIR_ORDER" });
    await expect(resend(shopper.id, "order", voucher.orderId, " ")).rejects.toMatchObject({ code: "REASON_REQUIRED", status: 400 });
    expect(await mailsTo(shopper.email)).toHaveLength(before);
    expect(await mailsTo(other.email)).toHaveLength(0);
    // A refunded voucher's code is no use to the shopper: it is not sent again.
    await refundForShopper(database.db, services(), agent, { customerId: shopper.id, voucherId: voucher.id, destination: "wallet", reason: "Refunded first" });
    await expect(resend(shopper.id, "voucher", voucher.id)).rejects.toMatchObject({ code: "VOUCHER_NOT_LIVE", status: 409 });
  });
});

describe("reissuing a voucher code", () => {
  it("gives the voucher a new code at once: the till refuses the old one and redeems the new one; history, audit and the shopper's email say so", async () => {
    const { shopper, voucher } = await boughtVoucher("cs-reissue-1");
    const { code } = await reissueShopperVoucherCode(database.db, clock, agent, {
      customerId: shopper.id,
      voucherId: voucher.id,
      reason: "Code seen by a stranger",
      linkOrigin: origin,
    });
    expect(code).toMatch(VOUCHER_CODE_PATTERN);
    expect(code).not.toBe(voucher.code);
    expect(await voucherNow(voucher.id)).toMatchObject({ code, status: "READY_TO_REDEEM" });

    const [mail] = (await mailsTo(shopper.email)).filter((row) => row.subject === "Your voucher has a new code");
    expect(mail.text).toContain(`Your voucher code: ${code}`);
    expect(mail.text).not.toContain(voucher.code);
    const reissued = (await voucherEvents(voucher.id)).find((event) => (event.data as { event?: string } | null)?.event === "code reissued");
    expect(reissued).toMatchObject({ fromStatus: "READY_TO_REDEEM", toStatus: "READY_TO_REDEEM", actorType: "staff", actorId: "7", reason: "Code seen by a stranger" });
    expect(JSON.stringify(reissued?.data)).not.toContain(code);
    const [audit] = (await auditOf("voucher.reissue-code")).filter((row) => row.entityId === String(voucher.id));
    expect(audit).toMatchObject({ actorName: "Cass Service", reason: "Code seen by a stranger", changes: { code: [voucher.code, code] } });

    await expect(redeemVoucher(database.db, till(voucher, voucher.code))).rejects.toMatchObject({ code: "UNKNOWN_CODE", status: 404 });
    expect(await redeemVoucher(database.db, till(voucher, code))).toMatchObject({ code, status: "REDEEMED" });
    // Redeemed: its code is a record now, not a thing to replace.
    await expect(
      reissueShopperVoucherCode(database.db, clock, agent, { customerId: shopper.id, voucherId: voucher.id, reason: "Again", linkOrigin: origin }),
    ).rejects.toMatchObject({
      code: "VOUCHER_NOT_LIVE",
      status: 409,
    });
  });

  it("refuses another shopper's voucher, a missing reason, or a code the shopper may not see yet, changing nothing", async () => {
    const { shopper, voucher } = await boughtVoucher("cs-reissue-2");
    const other = await insertCustomer(database.db);
    const reissue = (customerId: number, voucherId: number, reason = "Asked") =>
      reissueShopperVoucherCode(database.db, clock, agent, { customerId, voucherId, reason, linkOrigin: origin });
    await expect(reissue(other.id, voucher.id)).rejects.toMatchObject({ code: "VOUCHER_NOT_THEIRS", status: 400 });
    await expect(reissue(shopper.id, voucher.id, "")).rejects.toMatchObject({ code: "REASON_REQUIRED" });
    await readyAt(voucher.id, new Date(clock.now().getTime() + DAY));
    await expect(reissue(shopper.id, voucher.id)).rejects.toMatchObject({ code: "CODE_NOT_SHOWN" });
    expect((await voucherNow(voucher.id)).code).toBe(voucher.code);
    expect((await auditOf("voucher.reissue-code")).map((row) => row.entityId)).not.toContain(String(voucher.id));
  });
});

describe("extending a voucher's expiry", () => {
  it("pushes the expiry back by whole months with the reason in the history and the audit, and emails the shopper the new date", async () => {
    const { shopper, voucher } = await boughtVoucher("cs-extend-1");
    const { expiresAt } = await extendShopperVoucher(database.db, clock, agent, {
      customerId: shopper.id,
      voucherId: voucher.id,
      months: 3,
      reason: "Merchant closed for refurbishment",
      linkOrigin: origin,
    });
    // Bought 23 November 2026: six months to the end of 23 May 2027, three more to the end of 23 August (London time).
    expect(expiresAt.toISOString()).toBe("2027-08-23T22:59:59.999Z");
    // The shopper's own Deal Protection allowance is untouched by staff's goodwill months.
    expect(await voucherNow(voucher.id)).toMatchObject({ expiresAt, extendedMonths: 0, status: "READY_TO_REDEEM" });
    const extended = (await voucherEvents(voucher.id)).find((event) => (event.data as { event?: string } | null)?.event === "extended");
    expect(extended).toMatchObject({ actorType: "staff", actorId: "7", reason: "Merchant closed for refurbishment" });
    const [mail] = (await mailsTo(shopper.email)).filter((row) => row.subject === "Your voucher has been extended");
    expect(mail.text).toContain("23 August 2027");
    const [audit] = (await auditOf("voucher.extend")).filter((row) => row.entityId === String(voucher.id));
    expect(audit).toMatchObject({
      reason: "Merchant closed for refurbishment",
      changes: { expiresAt: [voucher.expiresAt.toISOString(), expiresAt.toISOString()], months: [null, 3] },
    });
  });

  it("refuses 0, 13 or 1.5 months, another shopper's voucher, a missing reason or a voucher no longer Ready to Redeem, changing nothing", async () => {
    const { shopper, voucher } = await boughtVoucher("cs-extend-2");
    const other = await insertCustomer(database.db);
    const extend = (customerId: number, months: number, reason = "Asked") =>
      extendShopperVoucher(database.db, clock, agent, { customerId, voucherId: voucher.id, months, reason, linkOrigin: origin });
    for (const months of [0, 13, 1.5, -1]) await expect(extend(shopper.id, months)).rejects.toMatchObject({ code: "EXTEND_MONTHS", status: 400 });
    await expect(extend(other.id, 1)).rejects.toMatchObject({ code: "VOUCHER_NOT_THEIRS", status: 400 });
    await expect(extend(shopper.id, 1, "")).rejects.toMatchObject({ code: "REASON_REQUIRED" });
    await refundForShopper(database.db, services(), agent, { customerId: shopper.id, voucherId: voucher.id, destination: "wallet", reason: "Refunded first" });
    await expect(extend(shopper.id, 1)).rejects.toMatchObject({ code: "VOUCHER_NOT_LIVE", status: 409 });
    expect((await voucherNow(voucher.id)).expiresAt).toEqual(voucher.expiresAt);
    expect((await auditOf("voucher.extend")).map((row) => row.entityId)).not.toContain(String(voucher.id));
  });
});
