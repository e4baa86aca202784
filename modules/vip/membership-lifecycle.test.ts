import { and, asc, desc, eq, like } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandId } from "../../lib/brand";
import { actorAt, insertCustomer, insertSellable, placementServices, TEST_DETAILS } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { toSummary } from "../accounts/customers";
import { customers } from "../accounts/schema";
import { addAddon } from "../basket/add-addon";
import { createBasket } from "../basket/create-basket";
import { VIP_ADDON_PRICE } from "../basket/line-pricing";
import { outboxMessages } from "../mail/schema";
import { placeOrder, type PaymentChoice } from "../orders/place-order";
import { listInstruments } from "../payments/instruments";
import { sandboxRequests, sandboxTransactions, sandboxVault } from "../payments/sandbox/schema";
import { SandboxPaymentProvider } from "../payments/sandbox/sandbox-provider";
import { tokenizeCard, tokenizeWallet } from "../payments/sandbox/tokenize";
import { paymentInstruments } from "../payments/schema";
import { statusEvents } from "../states/schema";
import { canTransition } from "../states/transition";
import { expireMemberships } from "./expire-memberships";
import { lookupVipStatus } from "./membership";
import { remindRenewals } from "./remind-renewal";
import { cancelRenewal, resumeRenewal } from "./renewal-settings";
import { payRenewal, renewDueMemberships, type RenewalServices } from "./renew-membership";
import { vipCharges, vipMemberships } from "./schema";
import { startFreeTrial } from "./start-free-trial";
import { VIP_PROCESS } from "./vip-process";
import { VIP_YEARLY_PRICE } from "./vip-terms";

const DAY = 86_400_000;
let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
let nextKey = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
});
afterAll(() => database.dispose());

const linkOrigin = (brand: BrandId) => `https://${brand}.example`;
const shopper = (id: number) => ({ type: "customer" as const, id: String(id) });
const services = (clock: ManualClock): RenewalServices => ({ provider: new SandboxPaymentProvider(database.db, clock), linkOrigin, log: pino({ level: "silent" }) });

type HowPaid = "new card, saved" | "new card, not saved" | "saved card" | "PayPal, saved";

/** Buys a £19.00 voucher with the VIP year at checkout, paid as asked, renewal ticked or not. */
async function buyVipYear(clock: ManualClock, customer: { id: number; email: string }, how: { paid: HowPaid; renew: boolean }) {
  const now = clock.now();
  const { product } = await insertSellable(database.db, basics, { product: { totalRemaining: 10, price: 1900 } });
  const actor = actorAt(now, { id: customer.id, vip: false });
  const basket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, actor);
  await addAddon(database.db, basket.token, { addonType: "VVE" }, actor);
  let payment: PaymentChoice;
  if (how.paid === "saved card") {
    const [card] = (await listInstruments(database.db, customer.id)).filter((instrument) => instrument.type === "card");
    payment = { method: "card", instrument: "EXISTING", instrumentId: card.id };
  } else if (how.paid === "PayPal, saved") {
    const wallet = await tokenizeWallet(database.db, clock, { method: "paypal", scenario: "approve" });
    payment = { method: "paypal", instrument: "NEW", nonce: wallet.nonce, save: true };
  } else {
    const card = await tokenizeCard(database.db, clock, { number: "4111111111111111", expiry: "12/35", securityCode: "123", postalCode: "SW1A 1AA" });
    if (!card.ok) throw new Error("card refused");
    payment = { method: "card", instrument: "NEW", nonce: card.nonce, save: how.paid === "new card, saved" };
  }
  nextKey += 1;
  const result = await placeOrder(placementServices(database.db, clock), {
    basketToken: basket.token,
    idempotencyKey: `vip-${nextKey}`,
    customer: { ...customer, vip: false },
    details: TEST_DETAILS,
    payment,
    vipRenewal: how.renew,
  });
  if (!result.ok) throw result.error;
  return result.order;
}

async function membershipOf(customerId: number) {
  const [row] = await database.db.select().from(vipMemberships).where(eq(vipMemberships.customerId, customerId));
  return row;
}

async function vipFlag(customerId: number, now: Date) {
  const [row] = await database.db.select().from(customers).where(eq(customers.id, customerId));
  return toSummary(row, now).vipUser;
}

async function historyOf(membershipId: number) {
  const rows = await database.db
    .select()
    .from(statusEvents)
    .where(and(eq(statusEvents.aggregate, "vip_membership"), eq(statusEvents.aggregateId, membershipId)))
    .orderBy(asc(statusEvents.id));
  return rows.map((row) => `${row.fromStatus ?? "-"}→${row.toStatus}${row.data && "event" in row.data ? ` ${String(row.data.event)}` : ""}`);
}

async function mailsTo(email: string) {
  return database.db.select().from(outboxMessages).where(eq(outboxMessages.to, email)).orderBy(desc(outboxMessages.id));
}

/** How many times the gateway captured money for this membership's renewals. */
async function renewalCaptures(membershipId: number) {
  const requests = await database.db.select().from(sandboxRequests).where(like(sandboxRequests.idempotencyKey, `vip-renewal-${membershipId}-%:capture`));
  return requests.filter((request) => (request.response as { ok?: boolean } | null)?.ok === true).length;
}

/** A new customer who paid for something earlier and saved their Visa card (allowSubscription true). */
async function customerWithSavedCard(clock: ManualClock) {
  const customer = await insertCustomer(database.db);
  await buyVipYear(clock, customer, { paid: "new card, saved", renew: false });
  // That order made them VIP for a year; start these tests from a customer who is not.
  const membership = await membershipOf(customer.id);
  await database.db.delete(vipCharges).where(eq(vipCharges.membershipId, membership.id));
  await database.db.delete(vipMemberships).where(eq(vipMemberships.id, membership.id));
  await database.db.update(customers).set({ vipUser: false, vipExpiresAt: null }).where(eq(customers.id, customer.id));
  const [card] = await listInstruments(database.db, customer.id);
  return { customer, card };
}

describe("the VIP process (docs/decisions/vip-lifecycle.md)", () => {
  it("allows only the transitions written down", () => {
    expect(canTransition(VIP_PROCESS, "NOT_CHECKED", "ELIGIBLE")).toBe(true);
    expect(canTransition(VIP_PROCESS, "ELIGIBLE", "ACTIVE")).toBe(true);
    expect(canTransition(VIP_PROCESS, "ACTIVE", "RENEW")).toBe(true);
    expect(canTransition(VIP_PROCESS, "RENEW", "ACTIVE")).toBe(true);
    expect(canTransition(VIP_PROCESS, "RENEW", "ELIGIBLE")).toBe(true);
    expect(canTransition(VIP_PROCESS, "ELIGIBLE", "RENEW")).toBe(false);
    expect(canTransition(VIP_PROCESS, "ELIGIBLE", "NOT_CHECKED")).toBe(false);
    expect(canTransition(VIP_PROCESS, "ACTIVE", "NOT_CHECKED")).toBe(false);
  });

  it("the yearly price is the checkout add-on's, 4.99 in pounds and in euro", () => {
    expect(VIP_YEARLY_PRICE).toEqual(VIP_ADDON_PRICE);
    expect(VIP_YEARLY_PRICE).toEqual({ GBP: 499, EUR: 499 });
  });
});

describe("looking up a customer's VIP status", () => {
  it("makes a customer never checked ELIGIBLE, with a trial on offer", async () => {
    const clock = new ManualClock("2026-11-23T10:00:00Z");
    const customer = await insertCustomer(database.db, { brand: "wowcherie" });
    const view = await lookupVipStatus(database.db, { customerId: customer.id, now: clock.now(), actor: shopper(customer.id) });
    expect(view).toMatchObject({ status: "ELIGIBLE", member: false, trialAvailable: true, price: 499, currency: "EUR" });

    // A membership another part of the shop created unchecked is checked on the next look.
    const membership = await membershipOf(customer.id);
    await database.db.update(vipMemberships).set({ status: "NOT_CHECKED" }).where(eq(vipMemberships.id, membership.id));
    expect((await lookupVipStatus(database.db, { customerId: customer.id, now: clock.now(), actor: shopper(customer.id) })).status).toBe("ELIGIBLE");
    expect(await historyOf(membership.id)).toEqual(["-→ELIGIBLE", "NOT_CHECKED→ELIGIBLE"]);
  });

  it("keeps a VIP made before memberships existed ACTIVE until the flag's date, without renewal", async () => {
    const clock = new ManualClock("2026-11-23T10:00:00Z");
    const customer = await insertCustomer(database.db);
    await database.db.update(customers).set({ vipUser: true, vipExpiresAt: new Date("2027-03-01T00:00:00Z") }).where(eq(customers.id, customer.id));
    const view = await lookupVipStatus(database.db, { customerId: customer.id, now: clock.now(), actor: shopper(customer.id) });
    expect(view).toMatchObject({ status: "ACTIVE", member: true, autoRenew: false, endsAt: new Date("2027-03-01T00:00:00Z"), renewsAt: null });
  });
});

describe("opting in at checkout (VIP-SUB-PAID-FLOW)", () => {
  it("a year paid with a card saved for renewals, renewal agreed: renews on that card", async () => {
    const clock = new ManualClock("2026-11-23T10:00:00Z");
    const customer = await insertCustomer(database.db);
    const order = await buyVipYear(clock, customer, { paid: "new card, saved", renew: true });
    const membership = await membershipOf(customer.id);
    const [card] = await listInstruments(database.db, customer.id);
    expect(membership).toMatchObject({
      status: "ACTIVE",
      optInType: "VIP-SUB-PAID-FLOW",
      autoRenew: true,
      instrumentId: card.id,
      renewalPrice: 499,
      periodEnd: new Date("2027-11-23T10:00:00Z"),
    });
    expect(card.allowSubscription).toBe(true);
    const charges = await database.db.select().from(vipCharges).where(eq(vipCharges.membershipId, membership.id));
    expect(charges).toMatchObject([{ orderId: order.id, amount: 499, status: "paid", periodStart: new Date("2026-11-23T10:00:00Z") }]);
    expect(await vipFlag(customer.id, clock.now())).toBe(true);
    const [welcome] = await mailsTo(customer.email);
    expect(welcome.subject).toBe("Welcome to Wowcher VIP");
    expect(welcome.text).toContain("Your membership renews on 23 November 2027 at £4.99 a year, charged to Visa ending 1111.");
  });

  it("without the renewal box ticked the year simply ends, whatever the card", async () => {
    const clock = new ManualClock("2026-11-23T10:00:00Z");
    const customer = await insertCustomer(database.db);
    await buyVipYear(clock, customer, { paid: "new card, saved", renew: false });
    expect(await membershipOf(customer.id)).toMatchObject({ status: "ACTIVE", autoRenew: false, instrumentId: null });
    const [welcome] = await mailsTo(customer.email);
    expect(welcome.text).toContain("Your membership does not renew: it simply ends on 23 November 2027.");
  });

  it("renewal agreed but the card not saved, or PayPal (no allowSubscription): the year does not renew", async () => {
    const clock = new ManualClock("2026-11-23T10:00:00Z");
    const unsaved = await insertCustomer(database.db);
    await buyVipYear(clock, unsaved, { paid: "new card, not saved", renew: true });
    expect(await membershipOf(unsaved.id)).toMatchObject({ status: "ACTIVE", autoRenew: false });

    const paypal = await insertCustomer(database.db);
    await buyVipYear(clock, paypal, { paid: "PayPal, saved", renew: true });
    const [wallet] = await listInstruments(database.db, paypal.id);
    expect(wallet).toMatchObject({ type: "paypal", allowSubscription: false });
    expect(await membershipOf(paypal.id)).toMatchObject({ status: "ACTIVE", autoRenew: false, instrumentId: null });
  });

  it("renewal agreed with a saved card chosen at checkout: renews on it", async () => {
    const clock = new ManualClock("2026-11-23T10:00:00Z");
    const { customer, card } = await customerWithSavedCard(clock);
    await buyVipYear(clock, customer, { paid: "saved card", renew: true });
    expect(await membershipOf(customer.id)).toMatchObject({ autoRenew: true, instrumentId: card.id });
  });
});

describe("the free trial (VIP-SUB-FREE-TRIAL)", () => {
  it("60 days free on a saved card that allows subscription; nothing charged; once per customer", async () => {
    const clock = new ManualClock("2026-11-23T10:00:00Z");
    const { customer, card } = await customerWithSavedCard(clock);
    const transactionsBefore = await database.db.$count(sandboxTransactions);
    const view = await startFreeTrial(database.db, { customerId: customer.id, instrumentId: card.id, now: clock.now(), actor: shopper(customer.id), linkOrigin: "https://www.wowcher.co.uk" });
    expect(view).toMatchObject({ status: "ACTIVE", trial: true, autoRenew: true, periodEnd: new Date("2027-01-22T10:00:00Z"), renewsAt: new Date("2027-01-22T10:00:00Z") });
    // The trial's renewal is charged at its end, never before.
    expect(view.renewalChargeAt).toEqual(new Date("2027-01-22T10:00:00Z"));
    expect(await database.db.$count(sandboxTransactions)).toBe(transactionsBefore);
    expect(await database.db.$count(vipCharges, eq(vipCharges.customerId, customer.id))).toBe(0);
    expect(await vipFlag(customer.id, clock.now())).toBe(true);
    const [mail] = await mailsTo(customer.email);
    expect(mail.subject).toBe("Your free 60-day VIP trial has started");
    expect(mail.text).toContain("Nothing is charged before then.");

    await cancelRenewal(database.db, { customerId: customer.id, now: clock.now(), actor: shopper(customer.id), linkOrigin: "https://www.wowcher.co.uk" });
    clock.advance(61 * DAY);
    expect(await expireMemberships(database.db, { now: clock.now(), customerId: customer.id })).toBe(1);
    await expect(
      startFreeTrial(database.db, { customerId: customer.id, instrumentId: card.id, now: clock.now(), actor: shopper(customer.id), linkOrigin: "https://www.wowcher.co.uk" }),
    ).rejects.toMatchObject({ code: "TRIAL_NOT_AVAILABLE" });
  });

  it("is refused without a card, and with an instrument that does not allow subscription", async () => {
    const clock = new ManualClock("2026-11-23T10:00:00Z");
    const customer = await insertCustomer(database.db);
    const start = (instrumentId: number | null) => startFreeTrial(database.db, { customerId: customer.id, instrumentId, now: clock.now(), actor: shopper(customer.id), linkOrigin: "https://x.example" });
    await expect(start(null)).rejects.toMatchObject({ code: "CARD_REQUIRED", status: 400 });
    const [paypal] = await database.db
      .insert(paymentInstruments)
      .values({ customerId: customer.id, gateway: "sandbox", token: `tok-${customer.id}`, type: "paypal", isDefault: true, allowSubscription: false, createdAt: clock.now() })
      .returning();
    await expect(start(paypal.id)).rejects.toMatchObject({ code: "SUBSCRIPTION_NOT_ALLOWED", message: "This card can't be used for a subscription. Please choose another saved card." });
    // Nothing was written: no membership, no VIP.
    expect(await membershipOf(customer.id)).toBeUndefined();
    expect(await vipFlag(customer.id, clock.now())).toBe(false);
  });
});

describe("reminder, renewal and expiry", () => {
  /** A VIP who bought a renewing year on 23 November 2026 (ends 23 November 2027). */
  async function renewingMember(clock: ManualClock) {
    const customer = await insertCustomer(database.db);
    await buyVipYear(clock, customer, { paid: "new card, saved", renew: true });
    return { customer, membership: await membershipOf(customer.id) };
  }

  it("reminds 14 days ahead, once, and charges only after the reminder; a second run charges nothing more", async () => {
    const clock = new ManualClock("2026-11-23T10:00:00Z");
    const { customer, membership } = await renewingMember(clock);
    const run = () => renewDueMemberships(database.db, services(clock), { now: clock.now(), customerId: customer.id });
    const remind = () => remindRenewals(database.db, { now: clock.now(), linkOrigin, customerId: customer.id });

    clock.advance(350 * DAY); // 8 November 2027: 15 days to go.
    expect(await remind()).toBe(0);
    clock.advance(DAY + 1000);
    // Due for the charge soon, but never before the reminder: the renewal job leaves it alone.
    clock.advance(11 * DAY); // 20 November: within the 3 days before the end.
    expect(await run()).toEqual({ renewed: 0, failed: 0 });
    expect(await renewalCaptures(membership.id)).toBe(0);

    expect(await remind()).toBe(1);
    expect(await remind()).toBe(0);
    const [reminder] = await mailsTo(customer.email);
    expect(reminder.subject).toBe("Your VIP membership renews on 23 November 2027");
    expect(reminder.text).toContain("renews on 23 November 2027 for another year at £4.99, charged to Visa ending 1111");
    expect(reminder.text).toContain("https://wowcher.example/myaccount/subscriptions");

    expect(await run()).toEqual({ renewed: 1, failed: 0 });
    expect(await run()).toEqual({ renewed: 0, failed: 0 });
    expect(await renewalCaptures(membership.id)).toBe(1);
    const renewed = await membershipOf(customer.id);
    expect(renewed).toMatchObject({ status: "ACTIVE", autoRenew: true, periodStart: new Date("2027-11-23T10:00:00Z"), periodEnd: new Date("2028-11-23T10:00:00Z") });
    const charges = await database.db.select().from(vipCharges).where(eq(vipCharges.membershipId, membership.id)).orderBy(asc(vipCharges.id));
    expect(charges.map((charge) => [charge.status, charge.amount, charge.periodStart.toISOString()])).toEqual([
      ["paid", 499, "2026-11-23T10:00:00.000Z"],
      ["paid", 499, "2027-11-23T10:00:00.000Z"],
    ]);
    expect(await historyOf(membership.id)).toEqual(["-→ELIGIBLE", "ELIGIBLE→ACTIVE", "ACTIVE→ACTIVE renewal_reminded", "ACTIVE→ACTIVE renewed"]);
    // The VIP flag follows the new period.
    clock.advance(10 * DAY);
    expect(await vipFlag(customer.id, clock.now())).toBe(true);
    expect(await expireMemberships(database.db, { now: clock.now(), customerId: customer.id })).toBe(0);
    const [receipt] = await mailsTo(customer.email);
    expect(receipt.text).toContain("we've charged £4.99 to Visa ending 1111 and your VIP membership now runs until 23 November 2028");
  });

  it("a declined renewal moves to RENEW with an email and a way to pay; paying makes it ACTIVE for the next year", async () => {
    const clock = new ManualClock("2026-11-23T10:00:00Z");
    const { customer, membership } = await renewingMember(clock);
    // The saved card now declines (its bank says no).
    const [card] = await listInstruments(database.db, customer.id);
    await database.db.update(sandboxVault).set({ outcome: "DECLINED_BY_BANK" }).where(eq(sandboxVault.token, card.token));

    clock.advance(362 * DAY);
    await remindRenewals(database.db, { now: clock.now(), linkOrigin, customerId: customer.id });
    expect(await renewDueMemberships(database.db, services(clock), { now: clock.now(), customerId: customer.id })).toEqual({ renewed: 0, failed: 1 });
    expect(await membershipOf(customer.id)).toMatchObject({ status: "RENEW", lastRenewalFailure: "DECLINED_BY_BANK", renewalAttempts: 1 });
    const [failed] = await mailsTo(customer.email);
    expect(failed.subject).toBe("We couldn't renew your VIP membership");
    expect(failed.text).toContain("You're still a VIP until 23 November 2027");
    expect(failed.text).toContain("https://wowcher.example/myaccount/subscriptions");
    // Still VIP until the period ends.
    expect(await vipFlag(customer.id, clock.now())).toBe(true);
    // The job does not charge it again.
    expect(await renewDueMemberships(database.db, services(clock), { now: clock.now(), customerId: customer.id })).toEqual({ renewed: 0, failed: 0 });

    // Paying with the same card fails again (a new attempt); with a good card it goes through.
    const pay = (instrumentId: number) => payRenewal(database.db, services(clock), { customerId: customer.id, instrumentId, now: clock.now(), actor: shopper(customer.id) });
    expect(await pay(card.id)).toMatchObject({ ok: false, decline: "DECLINED_BY_BANK" });
    await database.db.update(sandboxVault).set({ outcome: "APPROVED" }).where(eq(sandboxVault.token, card.token));
    expect(await pay(card.id)).toMatchObject({ ok: true, membership: { status: "ACTIVE", periodEnd: new Date("2028-11-23T10:00:00Z") } });
    await expect(pay(card.id)).rejects.toMatchObject({ code: "NOTHING_TO_PAY" });
    expect(await renewalCaptures(membership.id)).toBe(1);
    expect(await historyOf(membership.id)).toEqual(["-→ELIGIBLE", "ELIGIBLE→ACTIVE", "ACTIVE→ACTIVE renewal_reminded", "ACTIVE→RENEW", "RENEW→ACTIVE"]);
  });

  it("RENEW left unpaid ends at the period's end", async () => {
    const clock = new ManualClock("2026-11-23T10:00:00Z");
    const { customer } = await renewingMember(clock);
    const [card] = await listInstruments(database.db, customer.id);
    await database.db.update(sandboxVault).set({ outcome: "EXPIRED_CARD" }).where(eq(sandboxVault.token, card.token));
    clock.advance(362 * DAY);
    await remindRenewals(database.db, { now: clock.now(), linkOrigin, customerId: customer.id });
    await renewDueMemberships(database.db, services(clock), { now: clock.now(), customerId: customer.id });
    expect(await expireMemberships(database.db, { now: clock.now(), customerId: customer.id })).toBe(0);
    clock.advance(4 * DAY);
    expect(await expireMemberships(database.db, { now: clock.now(), customerId: customer.id })).toBe(1);
    expect(await membershipOf(customer.id)).toMatchObject({ status: "ELIGIBLE", autoRenew: false });
    expect(await vipFlag(customer.id, clock.now())).toBe(false);
  });

  it("cancelled in one click: no reminder, no charge, VIP until the end, then ELIGIBLE and VIP prices gone", async () => {
    const clock = new ManualClock("2026-11-23T10:00:00Z");
    const { customer, membership } = await renewingMember(clock);
    clock.advance(30 * DAY);
    const cancel = () => cancelRenewal(database.db, { customerId: customer.id, now: clock.now(), actor: shopper(customer.id), linkOrigin: "https://www.wowcher.co.uk" });
    const first = await cancel();
    expect(first).toMatchObject({ changed: true, membership: { status: "ACTIVE", member: true, autoRenew: false, endsAt: new Date("2027-11-23T10:00:00Z") } });
    // A second click changes nothing.
    expect(await cancel()).toMatchObject({ changed: false, membership: { autoRenew: false } });
    const [confirmation] = await mailsTo(customer.email);
    expect(confirmation.subject).toBe("Your VIP renewal is cancelled");
    expect(confirmation.text).toContain("You're still a VIP until 23 November 2027");

    clock.advance(325 * DAY); // 10 days before the end.
    expect(await remindRenewals(database.db, { now: clock.now(), linkOrigin, customerId: customer.id })).toBe(0);
    clock.advance(6 * DAY);
    expect(await renewDueMemberships(database.db, services(clock), { now: clock.now(), customerId: customer.id })).toEqual({ renewed: 0, failed: 0 });
    expect(await vipFlag(customer.id, clock.now())).toBe(true);
    expect(await expireMemberships(database.db, { now: clock.now(), customerId: customer.id })).toBe(0);

    clock.advance(5 * DAY); // past the end.
    expect(await vipFlag(customer.id, clock.now())).toBe(false);
    expect(await expireMemberships(database.db, { now: clock.now(), customerId: customer.id })).toBe(1);
    expect(await expireMemberships(database.db, { now: clock.now(), customerId: customer.id })).toBe(0);
    expect(await membershipOf(customer.id)).toMatchObject({ status: "ELIGIBLE", autoRenew: false });
    const [row] = await database.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row).toMatchObject({ vipUser: false, vipExpiresAt: null });
    expect(await renewalCaptures(membership.id)).toBe(0);
    expect(await historyOf(membership.id)).toEqual(["-→ELIGIBLE", "ELIGIBLE→ACTIVE", "ACTIVE→ACTIVE renewal_cancelled", "ACTIVE→ELIGIBLE"]);
    // A former member is offered the checkout again, not a free trial.
    expect(await lookupVipStatus(database.db, { customerId: customer.id, now: clock.now(), actor: shopper(customer.id) })).toMatchObject({ member: false, trialAvailable: false });
  });

  it("renewal turned back on needs a card that allows subscription, and is then reminded and charged", async () => {
    const clock = new ManualClock("2026-11-23T10:00:00Z");
    const customer = await insertCustomer(database.db);
    await buyVipYear(clock, customer, { paid: "new card, saved", renew: false });
    const resume = (instrumentId: number | null) => resumeRenewal(database.db, { customerId: customer.id, instrumentId, now: clock.now(), actor: shopper(customer.id), linkOrigin: "https://x.example" });
    const [paypal] = await database.db
      .insert(paymentInstruments)
      .values({ customerId: customer.id, gateway: "sandbox", token: `pp-${customer.id}`, type: "paypal", isDefault: false, allowSubscription: false, createdAt: clock.now() })
      .returning();
    await expect(resume(null)).rejects.toMatchObject({ code: "CARD_REQUIRED" });
    await expect(resume(paypal.id)).rejects.toMatchObject({ code: "SUBSCRIPTION_NOT_ALLOWED" });
    const card = (await listInstruments(database.db, customer.id)).find((instrument) => instrument.type === "card");
    expect(await resume(card!.id)).toMatchObject({ autoRenew: true, renewsAt: new Date("2027-11-23T10:00:00Z") });

    clock.advance(362 * DAY);
    expect(await remindRenewals(database.db, { now: clock.now(), linkOrigin, customerId: customer.id })).toBe(1);
    expect(await renewDueMemberships(database.db, services(clock), { now: clock.now(), customerId: customer.id })).toEqual({ renewed: 1, failed: 0 });
  });

  it("a free trial is reminded before it turns paid and charged when it ends, not before", async () => {
    const clock = new ManualClock("2026-11-23T10:00:00Z");
    const { customer, card } = await customerWithSavedCard(clock);
    await startFreeTrial(database.db, { customerId: customer.id, instrumentId: card.id, now: clock.now(), actor: shopper(customer.id), linkOrigin: "https://x.example" });
    clock.advance(50 * DAY);
    expect(await remindRenewals(database.db, { now: clock.now(), linkOrigin, customerId: customer.id })).toBe(1);
    const [reminder] = await mailsTo(customer.email);
    expect(reminder.subject).toBe("Your free VIP trial ends on 22 January 2027");
    clock.advance(9 * DAY);
    expect(await renewDueMemberships(database.db, services(clock), { now: clock.now(), customerId: customer.id })).toEqual({ renewed: 0, failed: 0 });
    clock.advance(DAY);
    expect(await renewDueMemberships(database.db, services(clock), { now: clock.now(), customerId: customer.id })).toEqual({ renewed: 1, failed: 0 });
    expect(await membershipOf(customer.id)).toMatchObject({ status: "ACTIVE", trial: false, periodEnd: new Date("2028-01-22T10:00:00Z") });
  });

  it("a member whose saved card was removed is not charged: RENEW with an email", async () => {
    const clock = new ManualClock("2026-11-23T10:00:00Z");
    const { customer } = await renewingMember(clock);
    await database.db.delete(paymentInstruments).where(eq(paymentInstruments.customerId, customer.id));
    clock.advance(362 * DAY);
    await remindRenewals(database.db, { now: clock.now(), linkOrigin, customerId: customer.id });
    expect(await renewDueMemberships(database.db, services(clock), { now: clock.now(), customerId: customer.id })).toEqual({ renewed: 0, failed: 1 });
    expect(await membershipOf(customer.id)).toMatchObject({ status: "RENEW", lastRenewalFailure: "NO_INSTRUMENT" });
  });
});
