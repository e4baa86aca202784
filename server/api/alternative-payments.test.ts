import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../lib/clock";
import { insertCustomer, insertSellable, signInAs } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { createTestBrowserApp, TestBrowser } from "../../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";

/**
 * PayPal, Google Pay, Apple Pay, Klarna and Clearpay through the checkout API: which ones a shopper
 * is offered (Klarna and Clearpay only when switched on), and paying with the sandbox wallet's
 * one-time nonce as the checkout page does. Also the development wallet credit the journeys use.
 */
let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
let withPayLater: ReturnType<typeof createTestBrowserApp>;
let standard: ReturnType<typeof createTestBrowserApp>;
let nextIp = 10;

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
  withPayLater = createTestBrowserApp(database, systemClock, { env: { PAYMENTS_KLARNA: "on", PAYMENTS_CLEARPAY: "on" } });
  standard = createTestBrowserApp(database, systemClock, { env: { DEV_TOOLS: "off" } });
});
afterAll(() => database.dispose());

async function shopper(app: ReturnType<typeof createTestBrowserApp>) {
  const browser = new TestBrowser(app, { ip: `198.51.100.${nextIp++}` });
  const customer = await insertCustomer(database.db);
  await signInAs(browser, database.db, customer);
  return browser;
}

async function basketOf(browser: TestBrowser, price: number) {
  const { product } = await insertSellable(database.db, basics, { product: { price } });
  const response = await browser.request("/v1/basket", { method: "POST", json: { products: [{ dealProductId: product.id, quantity: 1 }] } });
  return (await response.json()).token as string;
}

async function methodsFor(browser: TestBrowser, token: string, headers: Record<string, string> = {}) {
  const data = await (await browser.request(`/v1/checkout/${token}`, { headers })).json();
  return data.userInfo.paymentOptions.availableMethods as string[];
}

async function walletNonce(browser: TestBrowser, method: string, scenario: string) {
  const response = await browser.request("/sandbox-gateway/v1/wallet-nonce", { method: "POST", json: { method, scenario } });
  expect(response.status).toBe(201);
  return (await response.json()).nonce as string;
}

const details = { firstName: "Ada", lastName: "Lovelace", addressLine1: "1 Road", city: "London", postcode: "N1 1AA" };
let keys = 0;

function order(browser: TestBrowser, token: string, payment: { paymentMethod: string; paymentNonce: string; ageConfirmed?: boolean }) {
  keys += 1;
  return browser.request(`/v1/checkout/${token}/order`, {
    method: "POST",
    json: { instrument: "NEW", ...payment, details },
    headers: { "idempotency-key": `alternative-payment-${keys}` },
  });
}

describe("the ways to pay a checkout offers", () => {
  it("offers a signed-in customer PayPal, PayPal Credit and Google Pay, and Apple Pay where the browser has it", async () => {
    const browser = await shopper(standard);
    const token = await basketOf(browser, 2500);
    expect(await methodsFor(browser, token)).toEqual(["card", "google", "paypal", "paypal_credit"]);
    expect(await methodsFor(browser, token, { "alternative-payment-methods": "APPLE_PAY,GOOGLE_PAY" })).toEqual(["card", "apple", "google", "paypal", "paypal_credit"]);
  });

  it("offers Klarna and Clearpay only when switched on, and Clearpay only for totals of 1.00 to 1000.00", async () => {
    const off = await shopper(standard);
    expect(await methodsFor(off, await basketOf(off, 2500))).not.toEqual(expect.arrayContaining(["klarna"]));
    expect(await methodsFor(off, await basketOf(off, 2500))).not.toEqual(expect.arrayContaining(["clearpay"]));

    const on = await shopper(withPayLater);
    expect(await methodsFor(on, await basketOf(on, 2500))).toEqual(["card", "google", "paypal", "paypal_credit", "klarna", "clearpay"]);
    const dear = await methodsFor(on, await basketOf(on, 100_100));
    expect(dear).toContain("klarna");
    expect(dear).not.toContain("clearpay");
  });
});

describe("paying with a wallet", () => {
  it("places a PayPal order with the sandbox's one-time nonce", async () => {
    const browser = await shopper(standard);
    const token = await basketOf(browser, 1800);
    const placed = await order(browser, token, { paymentMethod: "paypal", paymentNonce: await walletNonce(browser, "paypal", "approve") });
    expect(placed.status).toBe(201);
    expect((await placed.json()).productOrder).toMatchObject({ total: 1800, cardType: null, walletAmountUsed: 0 });
    expect((await browser.request(`/v1/checkout/${token}`)).status).toBe(422);
  });

  it("shows PayPal's refusal and keeps the basket reserved for another way to pay", async () => {
    const browser = await shopper(standard);
    const token = await basketOf(browser, 1800);
    const refused = await order(browser, token, { paymentMethod: "paypal", paymentNonce: await walletNonce(browser, "paypal", "reject") });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toEqual({
      error: { code: "PAYMENT_PAYPAL_REJECTED", message: "PayPal couldn't accept this payment. Please choose another way to pay." },
    });
    const still = await (await browser.request(`/v1/checkout/${token}`)).json();
    expect(still.basket.products[0].reservation.status).toBe("RESERVED");
    const paid = await order(browser, token, { paymentMethod: "google", paymentNonce: await walletNonce(browser, "google", "approve") });
    expect(paid.status).toBe(201);
  });

  it("takes Klarna only when switched on and only from a shopper who confirmed they are 18 or over", async () => {
    const off = await shopper(standard);
    const offToken = await basketOf(off, 2500);
    const unavailable = await order(off, offToken, { paymentMethod: "klarna", paymentNonce: await walletNonce(off, "klarna", "approve"), ageConfirmed: true });
    expect(unavailable.status).toBe(400);
    expect((await unavailable.json()).error.code).toBe("METHOD_UNAVAILABLE");

    const browser = await shopper(withPayLater);
    const token = await basketOf(browser, 2500);
    const noAge = await order(browser, token, { paymentMethod: "klarna", paymentNonce: await walletNonce(browser, "klarna", "approve") });
    expect(noAge.status).toBe(400);
    expect(await noAge.json()).toEqual({ error: { code: "AGE_CONFIRMATION_REQUIRED", message: "You must be 18 or over to pay with Klarna." } });
    const refused = await order(browser, token, { paymentMethod: "klarna", paymentNonce: await walletNonce(browser, "klarna", "reject"), ageConfirmed: true });
    expect(refused.status).toBe(402);
    expect((await refused.json()).error.message).toBe("Klarna couldn't approve this payment. Please choose another way to pay.");
    const paid = await order(browser, token, { paymentMethod: "klarna", paymentNonce: await walletNonce(browser, "klarna", "approve"), ageConfirmed: true });
    expect(paid.status).toBe(201);
  });

  it("refuses Clearpay above 1000.00 even when switched on", async () => {
    const browser = await shopper(withPayLater);
    const token = await basketOf(browser, 100_100);
    const refused = await order(browser, token, { paymentMethod: "clearpay", paymentNonce: await walletNonce(browser, "clearpay", "approve") });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toBe("We couldn't contact the payment provider right now. Please pay using Visa or Mastercard.");
  });
});

describe("POST /v1/dev/wallet-credit", () => {
  it("adds credit to the signed-in customer's wallet, which the checkout then offers", async () => {
    const browser = await shopper(withPayLater);
    const added = await browser.request("/v1/dev/wallet-credit", { method: "POST", json: { amount: 500 } });
    expect(added.status).toBe(201);
    expect(await added.json()).toEqual({ currency: "GBP", refundableBalance: 500, marketingBalance: 0 });
    const token = await basketOf(browser, 2000);
    const applied = await (await browser.request(`/v1/checkout/${token}?wallet=true`)).json();
    expect(applied.orderSummary).toMatchObject({ totalOrderAmount: 2000, walletAmountUsed: 500, amountToPay: 1500 });
  });

  it("needs a signed-in customer, and does not exist when DEV_TOOLS is off", async () => {
    const guest = new TestBrowser(withPayLater, { ip: "198.51.100.250" });
    expect((await guest.request("/v1/dev/wallet-credit", { method: "POST", json: { amount: 500 } })).status).toBe(401);
    const browser = await shopper(standard);
    expect((await browser.request("/v1/dev/wallet-credit", { method: "POST", json: { amount: 500 } })).status).toBe(404);
  });
});
