import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock";
import { actorAt, insertCustomer, insertPastPurchase, insertSellable, buyingDatabaseForTests, TEST_DETAILS } from "../../tests/support/buying-fixtures";
import { findBasket } from "../basket/baskets";
import { createBasket } from "../basket/create-basket";
import { basketLines, baskets } from "../basket/schema";
import { stockReservations } from "../inventory/schema";
import { products } from "../catalog/schema";
import { outboxMessages } from "../mail/schema";
import { listInstruments } from "../payments/instruments";
import { PAYMENT_PROCESS } from "../payments/payment-process";
import { paymentOperations, payments } from "../payments/schema";
import { sandboxTransactions } from "../payments/sandbox/schema";
import { tokenizeCard, tokenizeWallet } from "../payments/sandbox/tokenize";
import { promoCodes, promoRedemptions } from "../promotions/schema";
import { statusHistory } from "../states/transition";
import { VOUCHER_PROCESS } from "../vouchers/voucher-process";
import { vouchers } from "../vouchers/schema";
import { VOUCHER_CODE_PATTERN } from "../vouchers/voucher-codes";
import { addWalletCredit, walletBalance } from "../wallet/wallet";
import { ORDER_PROCESS } from "./order-process";
import { orderAttempts, orders } from "./schema";
import { type PaymentChoice, placeOrder, type PlaceOrderRequest } from "./place-order";

const now = new Date("2026-11-21T12:00:00Z");
const clock = fixedClock(now);
const suite = buyingDatabaseForTests(clock);
const details = TEST_DETAILS;
let nextKey = 0;

async function newCustomer() {
  const customer = await insertCustomer(suite.database.db);
  return { id: customer.id, email: customer.email, vip: false };
}

async function cardNonce(number = "4111111111111111"): Promise<string> {
  const result = await tokenizeCard(suite.database.db, clock, { number, expiry: "12/29", securityCode: "123", postalCode: "SW1A 1AA" });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.nonce;
}

async function basketFor(customer: { id: number; vip: boolean }, items: { productId: number; quantity: number }[]) {
  return createBasket(suite.database.db, { eligibleForVip: false, products: items }, actorAt(now, customer));
}

async function pay(customer: Awaited<ReturnType<typeof newCustomer>>, basketToken: string, payment: PaymentChoice, overrides: Partial<PlaceOrderRequest> = {}) {
  nextKey += 1;
  return placeOrder(suite.services, { basketToken, idempotencyKey: `key-${nextKey}`, customer, details, payment, ...overrides });
}

async function payByCard(customer: Awaited<ReturnType<typeof newCustomer>>, basketToken: string, number = "4111111111111111") {
  return pay(customer, basketToken, { method: "card", instrument: "NEW", nonce: await cardNonce(number) });
}

async function remaining(productId: number) {
  const [row] = await suite.database.db.select().from(products).where(eq(products.id, productId));
  return row.totalRemaining;
}

/** What the gateway did with each authorization taken for a basket's order attempts. */
async function gatewayStatuses(basketId: number): Promise<string[]> {
  const rows = await suite.database.db
    .select({ status: sandboxTransactions.status })
    .from(orderAttempts)
    .innerJoin(sandboxTransactions, eq(sandboxTransactions.id, orderAttempts.authorizationId))
    .where(eq(orderAttempts.basketId, basketId));
  return rows.map((row) => row.status).sort();
}

async function transactionsTotal() {
  const [row] = await suite.database.db.select({ total: count() }).from(sandboxTransactions);
  return Number(row.total);
}

describe("placing an order", () => {
  it("sells the units, issues a voucher per unit, captures the card and closes the basket", async () => {
    const customer = await newCustomer();
    const { deal, product } = await insertSellable(suite.database.db, suite.basics, { product: { totalRemaining: 10, price: 1900 } });
    const basket = await basketFor(customer, [{ productId: product.id, quantity: 3 }]);

    const result = await payByCard(customer, basket.token);
    if (!result.ok) throw result.error;
    expect(result.order).toMatchObject({ currency: "GBP", total: 5700, walletAmountUsed: 0, cardType: "Visa", quantity: 3, paymentMethod: "card" });

    const issued = await suite.database.db.select().from(vouchers).where(eq(vouchers.orderId, result.order.id));
    expect(issued).toHaveLength(3);
    expect(new Set(issued.map((voucher) => voucher.code)).size).toBe(3);
    for (const voucher of issued) {
      expect(voucher.code).toMatch(VOUCHER_CODE_PATTERN);
      expect(voucher).toMatchObject({ dealId: deal.id, customerId: customer.id, status: "READY_TO_REDEEM", merchantName: "Serenity Spa", currency: "GBP", availableAt: now });
      // What each voucher cost on the card: the most its refund can give back.
      expect(voucher).toMatchObject({ paidCard: 1900, paidRefundableCredit: 0, paidMarketingCredit: 0, protected: false });
    }
    expect(await remaining(product.id)).toBe(7);
    const [payment] = await suite.database.db.select().from(payments).where(eq(payments.orderId, result.order.id));
    expect(payment).toMatchObject({ status: "captured", amount: 5700, cardType: "Visa", last4: "1111" });
    const capture = await suite.database.db.select().from(paymentOperations).where(eq(paymentOperations.paymentId, payment.id));
    expect(capture).toMatchObject([{ kind: "capture", amount: 5700, status: "succeeded", idempotencyKey: `order-${result.order.id}-capture` }]);
    const customerActor = { actorType: "customer", actorId: String(customer.id) };
    const history = (process: { aggregate: string }, id: number) =>
      statusHistory(suite.database.db, process, id).then((events) => events.map(({ fromStatus, toStatus, actorType, actorId }) => ({ fromStatus, toStatus, actorType, actorId })));
    expect(await history(ORDER_PROCESS, result.order.id)).toEqual([{ fromStatus: null, toStatus: "PLACED", ...customerActor }]);
    expect(await history(PAYMENT_PROCESS, payment.id)).toEqual([
      { fromStatus: null, toStatus: "authorized", ...customerActor },
      { fromStatus: "authorized", toStatus: "captured", ...customerActor },
    ]);
    for (const voucher of issued) expect(await history(VOUCHER_PROCESS, voucher.id)).toEqual([{ fromStatus: null, toStatus: "READY_TO_REDEEM", ...customerActor }]);
    const [gateway] = await suite.database.db.select().from(sandboxTransactions).where(eq(sandboxTransactions.id, payment.authorizationId));
    expect(gateway.status).toBe("captured");

    const [mail] = await suite.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, customer.email)).orderBy(outboxMessages.id);
    expect(mail.subject).toBe(`Your Wowcher order ${result.order.id} is confirmed`);
    for (const voucher of issued) expect(mail.text).toContain(voucher.code);
    expect(mail.text).toContain("Paid by Visa: £57.00");
    expect(mail.text).toContain("https://www.wowcher.co.uk/myaccount/vouchers");

    const closed = await findBasket(suite.database.db, basket.token, actorAt(now, customer));
    expect(closed?.orderedAt).toEqual(now);
    expect(await suite.database.db.select().from(stockReservations).where(eq(stockReservations.basketId, basket.id))).toEqual([]);
  });

  it("holds the codes back until the vouchers are ready (spec: 24 hours after purchase) and says when", async () => {
    const customer = await newCustomer();
    const { product } = await insertSellable(suite.database.db, suite.basics, { product: { totalRemaining: 10 } });
    const basket = await basketFor(customer, [{ productId: product.id, quantity: 1 }]);
    const delayed = { ...suite.services, voucherReadyMs: 24 * 3_600_000 };
    const result = await placeOrder(delayed, {
      basketToken: basket.token,
      idempotencyKey: "delayed",
      customer,
      details,
      payment: { method: "card", instrument: "NEW", nonce: await cardNonce() },
    });
    if (!result.ok) throw new Error(result.error.message);
    const [voucher] = await suite.database.db.select().from(vouchers).where(eq(vouchers.orderId, result.order.id));
    expect(voucher.availableAt).toEqual(new Date("2026-11-22T12:00:00Z"));
    const [mail] = await suite.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, customer.email)).orderBy(outboxMessages.id);
    expect(mail.text).not.toContain(voucher.code);
    expect(mail.text).toContain("Your vouchers will be ready on 22 November 2026 at 12:00 in My Vouchers");
  });

  it("returns the first result when the same submission arrives twice, and charges once", async () => {
    const customer = await newCustomer();
    const { product } = await insertSellable(suite.database.db, suite.basics, { product: { totalRemaining: 10 } });
    const basket = await basketFor(customer, [{ productId: product.id, quantity: 1 }]);
    const before = await transactionsTotal();
    const request: PlaceOrderRequest = {
      basketToken: basket.token,
      idempotencyKey: "double-click",
      customer,
      details,
      payment: { method: "card", instrument: "NEW", nonce: await cardNonce() },
    };
    const [first, second] = await Promise.all([placeOrder(suite.services, request), placeOrder(suite.services, request)]);
    const third = await placeOrder(suite.services, request);
    if (!first.ok) throw first.error;
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(await transactionsTotal()).toBe(before + 1);
    expect(await remaining(product.id)).toBe(9);
  });

  it("refuses a repeat of the key that asks for something else, before and after the order is placed", async () => {
    const customer = await newCustomer();
    const { product } = await insertSellable(suite.database.db, suite.basics, { product: { totalRemaining: 10 } });
    const basket = await basketFor(customer, [{ productId: product.id, quantity: 1 }]);
    const reused = { ok: false, error: { status: 422, code: "IDEMPOTENCY_KEY_REUSED" } };
    const declined = await pay(customer, basket.token, { method: "card", instrument: "NEW", nonce: await cardNonce("4000000000000002") }, { idempotencyKey: "reused-key" });
    expect(declined).toMatchObject({ ok: false, error: { status: 402 } });
    // Another card under the key that was declined: not silently answered with the decline.
    const otherCard = await pay(customer, basket.token, { method: "card", instrument: "NEW", nonce: await cardNonce() }, { idempotencyKey: "reused-key" });
    expect(otherCard).toMatchObject(reused);

    const request: PlaceOrderRequest = {
      basketToken: basket.token,
      idempotencyKey: "placed-key",
      customer,
      details,
      payment: { method: "card", instrument: "NEW", nonce: await cardNonce() },
    };
    const placed = await placeOrder(suite.services, request);
    if (!placed.ok) throw placed.error;
    expect(await placeOrder(suite.services, { ...request, details: { ...details, addressLine1: "2 Other Street" } })).toMatchObject(reused);
    expect(await placeOrder(suite.services, request)).toEqual(placed);
    expect(await remaining(product.id)).toBe(9);
  });

  it("places one order when two tabs submit the same basket with different keys, voiding the second authorization", async () => {
    const customer = await newCustomer();
    const { product } = await insertSellable(suite.database.db, suite.basics, { product: { totalRemaining: 10 } });
    const basket = await basketFor(customer, [{ productId: product.id, quantity: 2 }]);
    const [a, b] = await Promise.all([payByCard(customer, basket.token), payByCard(customer, basket.token)]);
    if (!a.ok || !b.ok) throw new Error("both tabs should see the order");
    expect(a.order.id).toBe(b.order.id);
    expect(await remaining(product.id)).toBe(8);
    const [{ total }] = await suite.database.db.select({ total: count() }).from(orders).where(eq(orders.basketId, basket.id));
    expect(Number(total)).toBe(1);
    expect(await gatewayStatuses(basket.id)).toEqual(["captured", "voided"]);
  });
});

describe("when the payment fails", () => {
  it("shows the decline, keeps the basket and its reservation, and lets the shopper pay with another card", async () => {
    const customer = await newCustomer();
    const { product } = await insertSellable(suite.database.db, suite.basics, { product: { totalRemaining: 5 } });
    const basket = await basketFor(customer, [{ productId: product.id, quantity: 1 }]);

    const declined = await payByCard(customer, basket.token, "4000000000000002");
    expect(declined).toMatchObject({
      ok: false,
      error: { status: 402, code: "PAYMENT_DECLINED_BY_BANK", message: "Your card was declined by your bank. Please try another card or contact your bank." },
    });
    const expired = await payByCard(customer, basket.token, "4000000000000069");
    expect(expired).toMatchObject({ ok: false, error: { message: "Card Expired" } });

    expect((await findBasket(suite.database.db, basket.token, actorAt(now, customer)))?.orderedAt).toBeNull();
    expect(await suite.database.db.select().from(basketLines).where(eq(basketLines.basketId, basket.id))).toHaveLength(1);
    expect(await suite.database.db.select().from(stockReservations).where(eq(stockReservations.basketId, basket.id))).toHaveLength(1);
    expect(await remaining(product.id)).toBe(5);

    const paid = await payByCard(customer, basket.token, "5555555555554444");
    expect(paid).toMatchObject({ ok: true, order: { cardType: "MasterCard" } });
  });

  it("rolls everything back and voids the authorization when the order cannot be written", async () => {
    const customer = await newCustomer();
    const { product } = await insertSellable(suite.database.db, suite.basics, { product: { totalRemaining: 5 } });
    const basket = await basketFor(customer, [{ productId: product.id, quantity: 2 }]);
    // The last write of the transaction (queueing the confirmation email) fails for this shopper.
    await suite.database.db.execute(sql.raw(`create function refuse_mail() returns trigger language plpgsql as $$ begin raise exception 'the outbox is unavailable'; end $$`));
    await suite.database.db.execute(
      sql.raw(`create trigger refuse_mail before insert on outbox_messages for each row when (new.to_address = '${customer.email}') execute function refuse_mail()`),
    );
    const result = await placeOrder(suite.services, {
      basketToken: basket.token,
      idempotencyKey: "will-fail",
      customer,
      details,
      payment: { method: "card", instrument: "NEW", nonce: await cardNonce() },
    });
    expect(result).toMatchObject({ ok: false, error: { status: 500, message: "An error occured, your purchase has not been completed." } });
    expect(await remaining(product.id)).toBe(5);
    expect(await suite.database.db.select().from(orders).where(eq(orders.basketId, basket.id))).toEqual([]);
    expect(await gatewayStatuses(basket.id)).toEqual(["voided"]);
    expect(await suite.database.db.select().from(vouchers).where(eq(vouchers.customerId, customer.id))).toEqual([]);
  });

  it("turns away a basket that can no longer be bought before asking for any payment", async () => {
    const customer = await newCustomer();
    const { deal, product } = await insertSellable(suite.database.db, suite.basics, { deal: { purchaseCap: 2 } });
    await insertPastPurchase(suite.database.db, { customerId: customer.id, dealId: deal.id, productId: product.id, quantity: 2, at: now });
    // Filled as a guest, so the cap could not count this customer's orders then.
    const guestBasket = await createBasket(suite.database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, actorAt(now));
    const before = await transactionsTotal();
    const result = await payByCard(customer, guestBasket.token);
    expect(result).toMatchObject({
      ok: false,
      error: { status: 409, message: "Oops! You've reached the max quantity for some items. Please remove them or choose a different product to continue." },
    });
    expect(await transactionsTotal()).toBe(before);
  });

  it("needs the shopper's name and full address", async () => {
    const customer = await newCustomer();
    const { product } = await insertSellable(suite.database.db, suite.basics);
    const basket = await basketFor(customer, [{ productId: product.id, quantity: 1 }]);
    const result = await pay(customer, basket.token, { method: "card", instrument: "NEW", nonce: await cardNonce() }, { details: { ...details, postcode: " " } });
    expect(result).toMatchObject({ ok: false, error: { code: "DETAILS_INCOMPLETE" } });
  });

  it("does not take Klarna while it is switched off", async () => {
    const customer = await newCustomer();
    const { product } = await insertSellable(suite.database.db, suite.basics);
    const basket = await basketFor(customer, [{ productId: product.id, quantity: 1 }]);
    const { nonce } = await tokenizeWallet(suite.database.db, clock, { method: "klarna", scenario: "approve" });
    const result = await pay(customer, basket.token, { method: "klarna", instrument: "NEW", nonce, ageConfirmed: true });
    expect(result).toMatchObject({ ok: false, error: { message: "We couldn't contact the payment provider right now. Please pay using Visa or Mastercard." } });
  });
});

describe("promo codes and wallet credit", () => {
  it("applies a promo code once per customer and records its use", async () => {
    const [promo] = await suite.database.db
      .insert(promoCodes)
      .values({ brand: "wowcher", code: "TENOFF", kind: "percentage", value: 10, startsAt: new Date("2026-01-01"), endsAt: new Date("2027-01-01"), createdAt: now })
      .returning();
    const customer = await newCustomer();
    const { product } = await insertSellable(suite.database.db, suite.basics, { product: { price: 2000 } });
    const first = await basketFor(customer, [{ productId: product.id, quantity: 2 }]);
    await suite.database.db.update(baskets).set({ promoCode: "tenoff" }).where(eq(baskets.id, first.id));
    const result = await payByCard(customer, first.token);
    if (!result.ok) throw result.error;
    expect(result.order).toMatchObject({ total: 3600, discount: 400 });
    expect(await suite.database.db.select().from(promoRedemptions).where(eq(promoRedemptions.promoCodeId, promo.id))).toHaveLength(1);

    const second = await basketFor(customer, [{ productId: product.id, quantity: 1 }]);
    await suite.database.db.update(baskets).set({ promoCode: "TENOFF" }).where(eq(baskets.id, second.id));
    const again = await payByCard(customer, second.token);
    if (!again.ok) throw again.error;
    expect(again.order).toMatchObject({ total: 2000, discount: 0 });
  });

  it("pays with wallet credit, marketing credit limited to 10% and 5.00 per item, the card the rest", async () => {
    const customer = await newCustomer();
    for (const balanceType of ["refundable", "marketing"] as const) {
      await addWalletCredit(suite.database.db, { customerId: customer.id, currency: "GBP", balanceType, amount: 1000, reason: "credit", description: "Goodwill", at: now });
    }
    const { product } = await insertSellable(suite.database.db, suite.basics, { product: { price: 3000 } });
    const basket = await basketFor(customer, [{ productId: product.id, quantity: 2 }]);
    await suite.database.db.update(baskets).set({ useWallet: true }).where(eq(baskets.id, basket.id));
    const result = await payByCard(customer, basket.token);
    if (!result.ok) throw result.error;
    // 6000 in total: marketing 2 × min(300, 500) = 600, refundable 1000, card 4400.
    expect(result.order).toMatchObject({ walletAmountUsed: 1600, total: 4400 });
    expect(await walletBalance(suite.database.db, customer.id, "GBP")).toEqual({ refundable: 0, marketing: 400 });
  });

  it("takes a wallet-only order through the card flow, without a charge", async () => {
    const customer = await newCustomer();
    await addWalletCredit(suite.database.db, {
      customerId: customer.id,
      currency: "GBP",
      balanceType: "refundable",
      amount: 5000,
      reason: "refund",
      description: "Refund",
      at: now,
    });
    const { product } = await insertSellable(suite.database.db, suite.basics, { product: { price: 1500 } });
    const basket = await basketFor(customer, [{ productId: product.id, quantity: 1 }]);
    await suite.database.db.update(baskets).set({ useWallet: true }).where(eq(baskets.id, basket.id));
    const before = await transactionsTotal();

    const paypal = await pay(customer, basket.token, { method: "paypal", instrument: "NONE" });
    expect(paypal).toMatchObject({ ok: false, error: { code: "WALLET_ONLY_CARD_FLOW" } });
    const card = await pay(customer, basket.token, { method: "card", instrument: "NONE" });
    if (!card.ok) throw card.error;
    expect(card.order).toMatchObject({ total: 0, walletAmountUsed: 1500, paymentMethod: "card", cardType: null });
    expect(await transactionsTotal()).toBe(before);
    expect(await walletBalance(suite.database.db, customer.id, "GBP")).toEqual({ refundable: 3500, marketing: 0 });
  });
});

describe("saved instruments", () => {
  it("saves a card on request and pays the next order with it", async () => {
    const customer = await newCustomer();
    const { product } = await insertSellable(suite.database.db, suite.basics);
    const first = await basketFor(customer, [{ productId: product.id, quantity: 1 }]);
    const saved = await pay(customer, first.token, { method: "card", instrument: "NEW", nonce: await cardNonce("5555555555554444"), save: true });
    expect(saved.ok).toBe(true);
    const [instrument] = await listInstruments(suite.database.db, customer.id);
    expect(instrument).toMatchObject({ type: "card", cardType: "MasterCard", last4: "4444", isDefault: true, allowSubscription: true });

    const second = await basketFor(customer, [{ productId: product.id, quantity: 1 }]);
    const reused = await pay(customer, second.token, { method: "card", instrument: "EXISTING", instrumentId: instrument.id });
    expect(reused).toMatchObject({ ok: true, order: { cardType: "MasterCard" } });

    const stranger = await newCustomer();
    const theirs = await basketFor(stranger, [{ productId: product.id, quantity: 1 }]);
    const stolen = await pay(stranger, theirs.token, { method: "card", instrument: "EXISTING", instrumentId: instrument.id });
    expect(stolen).toMatchObject({ ok: false });
  });
});
