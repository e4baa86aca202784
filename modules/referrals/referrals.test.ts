/**
 * Refer a friend's rules against a real database: who may be referred (new customers only, never
 * oneself or a second account), the first order starting the 14-day wait, and the reward job
 * paying 10 once per friend, or nothing after a refund.
 */
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { actorAt, insertSellable, placementServices, TEST_DETAILS } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { issueTestVouchers } from "../../tests/support/voucher-fixtures";
import type { BrandId } from "../../lib/brand";
import { customers } from "../accounts/schema";
import { createBasket } from "../basket/create-basket";
import { outboxMessages } from "../mail/schema";
import { placeOrder } from "../orders/place-order";
import { SandboxPaymentProvider } from "../payments/sandbox/sandbox-provider";
import { tokenizeCard } from "../payments/sandbox/tokenize";
import { REFUND_WINDOW_DAYS } from "../refunds/after-sale-options";
import { exchangeForCredit } from "../refunds/exchange-for-credit";
import { refundVoucher } from "../refunds/refund-voucher";
import { randomToken } from "../security/tokens";
import { statusHistory } from "../states/transition";
import { vouchers } from "../vouchers/schema";
import { walletEntries } from "../wallet/schema";
import { walletBalance } from "../wallet/wallet";
import { mailboxKey, sameAddress } from "./duplicate-accounts";
import { recordReferredFirstOrder, REFERRAL_REFUND_WINDOW_DAYS } from "./first-order";
import { countShare, findReferrer, referralCodeOf, typedReferralCode } from "./referral-codes";
import { REFERRAL_PROCESS } from "./referral-process";
import { referralSummary } from "./referral-summary";
import { referNewCustomer } from "./refer-new-customer";
import { firstOrderVerdict, REFERRAL_REWARD_AMOUNT, rewardReferrals } from "./reward-referrals";
import { referrals } from "./schema";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
let clock: ManualClock;
const DAY = 86_400_000;
const log = pino({ level: "silent" });
const linkOrigin = () => "https://www.wowcher.co.uk";

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
});
afterAll(() => database.dispose());
beforeEach(() => {
  clock = new ManualClock("2026-11-21T12:00:00Z");
});

let people = 0;
/** A customer registered now (new), or `daysAgo` ago. */
async function customer(options: { brand?: BrandId; email?: string; firstName?: string; lastName?: string; daysAgo?: number; address?: { addressLine1: string; postcode: string } } = {}) {
  people += 1;
  const at = new Date(clock.now().getTime() - (options.daysAgo ?? 0) * DAY);
  const [row] = await database.db
    .insert(customers)
    .values({
      brand: options.brand ?? "wowcher",
      email: options.email ?? `person${people}.${randomToken(4).toLowerCase()}@example.com`,
      firstName: options.firstName ?? "Bea",
      lastName: options.lastName ?? "Stone",
      customerToken: randomToken(),
      addressLine1: options.address?.addressLine1 ?? null,
      postcode: options.address?.postcode ?? null,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return row;
}

const actor = (id: number) => ({ type: "customer" as const, id: String(id) });

/** A referrer with their code, and a friend who signed up through it (SIGNED_UP). */
async function referredPair(options: { brand?: BrandId; referrerAddress?: { addressLine1: string; postcode: string } } = {}) {
  const referrer = await customer({ brand: options.brand, firstName: "Ann", address: options.referrerAddress });
  const code = (await referralCodeOf(database.db, referrer.id, clock.now())).code;
  const friend = await customer({ brand: options.brand });
  const referred = await referNewCustomer(database.db, { brand: options.brand ?? "wowcher", code, customerId: friend.id, now: clock.now(), actor: actor(friend.id) });
  if (!referred.ok) throw referred.error;
  return { referrer, friend, code, referralId: referred.referralId };
}

let orders = 0;
/** The customer buys one £19.00 voucher of a fresh deal by card, delivered to `address`. */
async function buys(buyer: { id: number; email: string }, address: { addressLine1: string; postcode: string } = TEST_DETAILS) {
  const shopper = { id: buyer.id, email: buyer.email, vip: false };
  const { product } = await insertSellable(database.db, basics, { product: { totalRemaining: 10, price: 1900 } });
  const basket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, actorAt(clock.now(), shopper));
  const card = await tokenizeCard(database.db, clock, { number: "4111111111111111", expiry: "12/29", securityCode: "123", postalCode: "SW1A 1AA" });
  if (!card.ok) throw new Error("card refused");
  orders += 1;
  const placed = await placeOrder(placementServices(database.db, clock), {
    basketToken: basket.token,
    idempotencyKey: `referral-${orders}-${buyer.id}`,
    customer: shopper,
    details: { ...TEST_DETAILS, ...address },
    payment: { method: "card", instrument: "NEW", nonce: card.nonce },
  });
  if (!placed.ok) throw placed.error;
  const [voucher] = await database.db.select().from(vouchers).where(eq(vouchers.orderId, placed.order.id));
  return { orderId: placed.order.id, voucher };
}

const referralOf = async (id: number) => (await database.db.select().from(referrals).where(eq(referrals.id, id)))[0];
const referralCredits = (customerId: number) =>
  database.db.select().from(walletEntries).where(and(eq(walletEntries.customerId, customerId), eq(walletEntries.reason, "referral")));
const runJob = () => rewardReferrals(database.db, { now: clock.now(), linkOrigin });

describe("codes", () => {
  it("gives each customer one code, made on first use, and reads typed codes case-insensitively", async () => {
    const ann = await customer();
    const [first, again] = await Promise.all([referralCodeOf(database.db, ann.id, clock.now()), referralCodeOf(database.db, ann.id, clock.now())]);
    expect(first.code).toBe(again.code);
    expect(first.code).toMatch(/^[2-9A-HJ-NP-Z]{10}$/);
    expect(typedReferralCode(` ${first.code.toLowerCase()} `)).toBe(first.code);
    expect(typedReferralCode("../../etc")).toBeNull();
    expect((await findReferrer(database.db, "wowcher", first.code))?.customerId).toBe(ann.id);
    // A code works on the brand that issued it only.
    expect(await findReferrer(database.db, "livingsocial", first.code)).toBeNull();
    expect(await countShare(database.db, ann.id, clock.now())).toBe(1);
    expect(await countShare(database.db, ann.id, clock.now())).toBe(2);
  });
});

describe("who can be referred", () => {
  it("refers a new customer: SIGNED_UP, with its first history row, shown to the referrer by first name and initial", async () => {
    const { referrer, friend, referralId } = await referredPair();
    const referral = await referralOf(referralId);
    expect(referral).toMatchObject({ referrerCustomerId: referrer.id, referredCustomerId: friend.id, status: "SIGNED_UP", brand: "wowcher" });
    expect((await statusHistory(database.db, REFERRAL_PROCESS, referralId)).map((event) => [event.fromStatus, event.toStatus])).toEqual([[null, "SIGNED_UP"]]);
    const summary = await referralSummary(database.db, { id: referrer.id, brand: "wowcher" }, clock.now());
    expect(summary.referrals).toEqual([expect.objectContaining({ friendName: "Bea S.", status: "SIGNED_UP" })]);
  });

  it("refuses existing customers: registered more than a day ago, or who have bought already", async () => {
    const referrer = await customer();
    const { code } = await referralCodeOf(database.db, referrer.id, clock.now());
    const old = await customer({ daysAgo: 2 });
    const outcome = await referNewCustomer(database.db, { brand: "wowcher", code, customerId: old.id, now: clock.now(), actor: actor(old.id) });
    expect(outcome).toMatchObject({ ok: false, error: { code: "EXISTING_CUSTOMER", message: "Existing customers cannot be referred, but you can refer your friends." } });

    const shopper = await customer();
    await issueTestVouchers(database.db, { customerId: shopper.id, merchantId: basics.merchant.id, at: clock.now() });
    expect(await referNewCustomer(database.db, { brand: "wowcher", code, customerId: shopper.id, now: clock.now(), actor: actor(shopper.id) })).toMatchObject({
      ok: false,
      error: { code: "EXISTING_CUSTOMER" },
    });
    expect(await database.db.select().from(referrals).where(eq(referrals.referrerCustomerId, referrer.id))).toEqual([]);
  });

  it("refuses self-referral: the referrer's own account, or a new account on the same mailbox", async () => {
    const referrer = await customer({ email: "ann.lee+deals@gmail.com" });
    const { code } = await referralCodeOf(database.db, referrer.id, clock.now());
    const own = await referNewCustomer(database.db, { brand: "wowcher", code, customerId: referrer.id, now: clock.now(), actor: actor(referrer.id) });
    expect(own).toMatchObject({ ok: false, error: { code: "SELF_REFERRAL" } });
    const twin = await customer({ email: "AnnLee@googlemail.com" });
    const second = await referNewCustomer(database.db, { brand: "wowcher", code, customerId: twin.id, now: clock.now(), actor: actor(twin.id) });
    expect(second).toMatchObject({ ok: false, error: { code: "SELF_REFERRAL" } });
  });

  it("refers a customer once: a second code, even another friend's, is refused", async () => {
    const { friend } = await referredPair();
    const other = await customer();
    const { code } = await referralCodeOf(database.db, other.id, clock.now());
    const again = await referNewCustomer(database.db, { brand: "wowcher", code, customerId: friend.id, now: clock.now(), actor: actor(friend.id) });
    expect(again).toMatchObject({ ok: false, error: { code: "ALREADY_REFERRED" } });
  });

  it("refuses unknown codes and codes of another brand alike", async () => {
    const friend = await customer({ brand: "livingsocial" });
    const referrer = await customer();
    const { code } = await referralCodeOf(database.db, referrer.id, clock.now());
    for (const tried of ["ZZZZZZZZZZ", code]) {
      const outcome = await referNewCustomer(database.db, { brand: "livingsocial", code: tried, customerId: friend.id, now: clock.now(), actor: actor(friend.id) });
      expect(outcome).toMatchObject({ ok: false, error: { code: "CODE_NOT_RECOGNIZED", status: 404 } });
    }
  });
});

describe("mailboxes and addresses", () => {
  it("tells the same mailbox and the same address apart from different ones", () => {
    expect(mailboxKey(" Ann.Lee+wow@GoogleMail.com ")).toBe("annlee@gmail.com");
    expect(mailboxKey("ann.lee@example.com")).toBe("ann.lee@example.com");
    expect(mailboxKey("ann.lee+x@example.com")).toBe("ann.lee@example.com");
    expect(sameAddress({ addressLine1: "1 Main Street", postcode: "sw1a1aa" }, [{ addressLine1: "1, MAIN STREET", postcode: "SW1A 1AA" }])).toBe(true);
    expect(sameAddress({ addressLine1: "2 Main Street", postcode: "SW1A 1AA" }, [{ addressLine1: "1 Main Street", postcode: "SW1A 1AA" }])).toBe(false);
    expect(sameAddress({ addressLine1: null, postcode: null }, [{ addressLine1: null, postcode: null }])).toBe(false);
  });
});

describe("the first order", () => {
  it("waits out the same 14-day window as a voucher's refund", () => {
    expect(REFERRAL_REFUND_WINDOW_DAYS).toBe(REFUND_WINDOW_DAYS);
  });

  it("moves the referral to QUALIFYING until the end of the refund window; later orders change nothing", async () => {
    const { friend, referralId } = await referredPair();
    const { orderId } = await buys(friend, { addressLine1: "5 Friend Road", postcode: "N1 9GU" });
    const referral = await referralOf(referralId);
    expect(referral).toMatchObject({ status: "QUALIFYING", firstOrderId: orderId });
    // Bought on 21 November (London): 14 days from the day after, to the end of 5 December.
    expect(referral.qualifiesAt?.toISOString()).toBe("2026-12-06T00:00:00.000Z");
    clock.advance(DAY);
    await buys(friend, { addressLine1: "5 Friend Road", postcode: "N1 9GU" });
    expect(await referralOf(referralId)).toMatchObject({ status: "QUALIFYING", firstOrderId: orderId });
  });

  it("voids the referral when the first order goes to an address the referrer has used", async () => {
    const { referrer, friend, referralId } = await referredPair({ referrerAddress: { addressLine1: "9 Referrer Row", postcode: "E1 6AN" } });
    await buys(friend, { addressLine1: "9 referrer row", postcode: "e16an" });
    expect(await referralOf(referralId)).toMatchObject({ status: "VOID", voidReason: "DUPLICATE_ACCOUNT" });

    // Also an address of the referrer's own earlier orders.
    const other = await referredPair();
    await buys(other.referrer, { addressLine1: "12 Shared House", postcode: "M1 1AE" });
    await buys(other.friend, { addressLine1: "12 Shared House", postcode: "M1 1AE" });
    expect(await referralOf(other.referralId)).toMatchObject({ status: "VOID", voidReason: "DUPLICATE_ACCOUNT" });
    clock.advance(20 * DAY);
    await runJob();
    expect(await referralCredits(referrer.id)).toEqual([]);
  });

  it("does not count a free order (nothing paid) or one without a deal voucher", async () => {
    const { friend, referralId } = await referredPair();
    const facts = { customerId: friend.id, orderId: 70_999_001, vouchersAvailableAt: clock.now(), deliveryAddress: { addressLine1: "5 Friend Road", postcode: "N1 9GU" }, at: clock.now(), actor: actor(friend.id) };
    await database.db.transaction((tx) => recordReferredFirstOrder(tx, { ...facts, paid: 0, vouchers: 1 }, async () => []));
    await database.db.transaction((tx) => recordReferredFirstOrder(tx, { ...facts, paid: 2500, vouchers: 0 }, async () => []));
    expect(await referralOf(referralId)).toMatchObject({ status: "SIGNED_UP", firstOrderId: null });
  });
});

describe("the reward job", () => {
  it("pays the referrer 10.00 of marketing credit once the window has passed, once however often it runs", async () => {
    const { referrer, friend, referralId } = await referredPair();
    await buys(friend, { addressLine1: "5 Friend Road", postcode: "N1 9GU" });

    clock.advance(13 * DAY);
    expect(await runJob()).toEqual({ rewarded: 0, voided: 0, held: 0 });
    expect(await referralCredits(referrer.id)).toEqual([]);

    clock.advance(2 * DAY);
    expect(await runJob()).toEqual({ rewarded: 1, voided: 0, held: 0 });
    expect(await runJob()).toEqual({ rewarded: 0, voided: 0, held: 0 });
    const credits = await referralCredits(referrer.id);
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ amount: REFERRAL_REWARD_AMOUNT, currency: "GBP", balanceType: "marketing", description: "Refer a friend: Bea S.", orderId: null });
    expect(await walletBalance(database.db, referrer.id, "GBP", { now: clock.now() })).toEqual({ refundable: 0, marketing: 1000 });
    expect(await referralOf(referralId)).toMatchObject({ status: "REWARDED", rewardAmount: 1000, currency: "GBP" });
    expect((await statusHistory(database.db, REFERRAL_PROCESS, referralId)).map((event) => event.toStatus)).toEqual(["SIGNED_UP", "QUALIFYING", "REWARDED"]);
    const mail = await database.db.select().from(outboxMessages).where(eq(outboxMessages.to, referrer.email)).orderBy(outboxMessages.id);
    expect(mail.map((message) => message.subject)).toEqual(["You've earned £10.00 credit"]);
    const summary = await referralSummary(database.db, { id: referrer.id, brand: "wowcher" }, clock.now());
    expect(summary).toMatchObject({ earned: 1000, referrals: [expect.objectContaining({ status: "REWARDED", rewardAmount: 1000 })] });
  });

  it("voids the referral, with no credit, when the first order was refunded within the window", async () => {
    const { referrer, friend, referralId } = await referredPair();
    const { voucher } = await buys(friend, { addressLine1: "5 Friend Road", postcode: "N1 9GU" });
    clock.advance(3 * DAY);
    await refundVoucher(database.db, { provider: new SandboxPaymentProvider(database.db, clock), clock, log, linkOrigin: linkOrigin() }, {
      voucherId: voucher.id,
      customerId: friend.id,
      destination: "original",
      actor: actor(friend.id),
    });
    clock.advance(12 * DAY);
    expect(await runJob()).toEqual({ rewarded: 0, voided: 1, held: 0 });
    expect(await referralOf(referralId)).toMatchObject({ status: "VOID", voidReason: "FIRST_ORDER_REFUNDED" });
    expect(await referralCredits(referrer.id)).toEqual([]);
  });

  it("holds the reward while an exchange for credit is under way, and voids it once it went through", async () => {
    const { referrer, friend, referralId } = await referredPair();
    const { voucher } = await buys(friend, { addressLine1: "5 Friend Road", postcode: "N1 9GU" });
    await exchangeForCredit(database.db, { clock, linkOrigin: linkOrigin() }, { voucherId: voucher.id, customerId: friend.id, actor: actor(friend.id) });
    clock.advance(15 * DAY);
    expect(await runJob()).toEqual({ rewarded: 0, voided: 0, held: 1 });
    expect(await referralOf(referralId)).toMatchObject({ status: "QUALIFYING" });
    expect(firstOrderVerdict(["READY_TO_REDEEM", "REQUEST_PROCESSED"])).toBe("refunded");
    expect(firstOrderVerdict(["REDEEMED", "RETURN_REQUESTED"])).toBe("pending");
    expect(firstOrderVerdict(["REDEEMED", "EXPIRED"])).toBe("kept");
    await database.db.update(vouchers).set({ status: "REQUEST_PROCESSED" }).where(eq(vouchers.id, voucher.id));
    expect(await runJob()).toEqual({ rewarded: 0, voided: 1, held: 0 });
    expect(await referralCredits(referrer.id)).toEqual([]);
  });

  it("pays euro on the Irish brands", async () => {
    const { referrer, friend, referralId } = await referredPair({ brand: "wowcherie" });
    const [voucher] = await issueTestVouchers(database.db, { customerId: friend.id, merchantId: basics.merchant.id, at: clock.now() });
    const [row] = await database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    await database.db.transaction((tx) =>
      recordReferredFirstOrder(
        tx,
        { customerId: friend.id, orderId: row.orderId, paid: 1900, vouchers: 1, vouchersAvailableAt: clock.now(), deliveryAddress: { addressLine1: "1 Quay", postcode: "D02 X285" }, at: clock.now(), actor: actor(friend.id) },
        async () => [],
      ),
    );
    clock.advance(16 * DAY);
    expect(await runJob()).toMatchObject({ rewarded: 1 });
    expect(await walletBalance(database.db, referrer.id, "EUR", { now: clock.now() })).toEqual({ refundable: 0, marketing: 1000 });
    expect(await referralOf(referralId)).toMatchObject({ status: "REWARDED", currency: "EUR" });
  });

  it("voids the reward when the referrer closed their account meanwhile", async () => {
    const { referrer, friend, referralId } = await referredPair();
    await buys(friend, { addressLine1: "5 Friend Road", postcode: "N1 9GU" });
    await database.db.update(customers).set({ status: "deleted" }).where(eq(customers.id, referrer.id));
    clock.advance(15 * DAY);
    expect(await runJob()).toMatchObject({ voided: 1 });
    expect(await referralOf(referralId)).toMatchObject({ status: "VOID", voidReason: "REFERRER_CLOSED" });
    expect(await referralCredits(referrer.id)).toEqual([]);
  });

  it("settles only one referrer's friends when asked (the development tools)", async () => {
    const first = await referredPair();
    const second = await referredPair();
    await buys(first.friend, { addressLine1: "5 Friend Road", postcode: "N1 9GU" });
    await buys(second.friend, { addressLine1: "6 Friend Road", postcode: "N1 9GU" });
    clock.advance(15 * DAY);
    expect(await rewardReferrals(database.db, { now: clock.now(), linkOrigin, referrerCustomerId: first.referrer.id })).toMatchObject({ rewarded: 1 });
    expect(await referralOf(second.referralId)).toMatchObject({ status: "QUALIFYING" });
  });
});
