import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { systemClock } from "../../lib/clock";
import { baskets } from "../../modules/basket/schema";
import { addWalletCredit } from "../../modules/wallet/wallet";
import { seedDemoPromoCodes } from "../../modules/promotions/demo-codes";
import { insertCustomer, insertSellable, signInAs } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { createTestBrowserApp, TestBrowser } from "../../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";

let database: TestDatabase;
let app: ReturnType<typeof createTestBrowserApp>;
let guest: TestBrowser;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
  await seedDemoPromoCodes(database.db, new Date());
  app = createTestBrowserApp(database, systemClock);
  guest = new TestBrowser(app);
});
afterAll(() => database.dispose());

const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}, as: TestBrowser = guest) =>
  as.request(path, { method, json: body, headers });

async function basketWith(productId: number, quantity: number, as: TestBrowser = guest) {
  const response = await send("POST", "/v1/basket", { products: [{ dealProductId: productId, quantity }] }, {}, as);
  return (await response.json()).token as string;
}

async function signedIn(ip: string) {
  const browser = new TestBrowser(app, { ip });
  const customer = await insertCustomer(database.db);
  await signInAs(browser, database.db, customer);
  return { browser, customer };
}

async function cardNonce(number: string, as: TestBrowser) {
  const response = await send("POST", "/sandbox-gateway/v1/tokenize", { number, expiry: "12/30", securityCode: "123", postalCode: "N1 1AA" }, {}, as);
  return (await response.json()).nonce as string;
}

const details = { firstName: "Ada", lastName: "Lovelace", addressLine1: "1 Road", city: "London", postcode: "N1 1AA" };

describe("GET /v1/checkout/{token}", () => {
  it("answers 'No token provided' without a usable token", async () => {
    for (const path of ["/v1/checkout", "/v1/checkout/short"]) {
      const response = await send("GET", path);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: { code: "NO_TOKEN", message: "No token provided" } });
    }
  });

  it("answers 422 and drops the basket cookie for a basket that cannot be checked out", async () => {
    const browser = new TestBrowser(app);
    browser.cookies.set("basketToken", "x".repeat(43));
    const response = await send("GET", `/v1/checkout/${"x".repeat(43)}`, undefined, {}, browser);
    expect(response.status).toBe(422);
    expect((await response.json()).error.code).toBe("BASKET_INVALID");
    expect(browser.cookies.has("basketToken")).toBe(false);
  });

  it("describes the basket: deals, order summary, gift wrap preset, countdown and the ways to pay", async () => {
    const { deal, product } = await insertSellable(database.db, basics, {
      deal: { deliveryType: "delivery", minPostagePrice: 299, purchaseCap: 5 },
      product: { price: 2000, originalPrice: 5000 },
    });
    const token = await basketWith(product.id, 2);
    const response = await send("GET", `/v1/checkout/${token}?deliveryOptions=true&gifting=true&giftPacks=true&por_check=true&vipChecked=false&wallet=false`, undefined, {
      "alternative-payment-methods": "GOOGLE_PAY",
    });
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data).toMatchObject({
      status: "READY",
      orderSummary: { currency: "GBP", subtotal: 4000, postage: 598, discount: 0, totalOrderAmount: 4598, walletAmountUsed: 0, amountToPay: 4598, quantity: 2 },
      promoCode: null,
      userInfo: { isAuthenticated: false, paymentOptions: { creditBalances: [], paymentInstruments: [], availableMethods: ["card", "google", "paypal", "paypal_credit"] } },
      giftingDetails: { giftWrap: { dealId: 16172264, productId: 2440914 } },
      canCheckout: true,
      problems: [],
      isTravel: false,
    });
    expect(data.deals[0]).toMatchObject({
      id: deal.id,
      business: { name: "Serenity Spa" },
      finalDealOrderAmount: 4598,
      purchaseCap: 5,
      userDealInfo: { maxQuantityUserCanBuy: 5 },
      products: [{ id: product.id, price: 2000, maxQuantityUserCanCurrentlyBuy: 5 }],
    });
    expect(data.basket.quantity).toBe("2");
    expect(data.countdown.reservedUntil).toBe(data.basket.reservedUntil);
  });

  it("asks a guest to log in before a promo code applies, and refreshes holds after the timer through a POST", async () => {
    const { product } = await insertSellable(database.db, basics);
    const token = await basketWith(product.id, 1);
    const promo = await (await send("GET", `/v1/checkout/${token}?promoCode=WELCOME10`)).json();
    expect(promo.promoCode).toEqual({ code: "WELCOME10", applicable: false, message: "Please log in or register to apply a promo code." });
    const refreshed = await send("POST", `/v1/checkout/${token}/refresh`);
    expect(refreshed.status).toBe(200);
    const body = await refreshed.json();
    expect(body.status).toBe("REFRESHED");
    expect(body.basket.products[0].reservation.status).toBe("RESERVED");
    expect((await send("POST", `/v1/checkout/${"x".repeat(43)}/refresh`)).status).toBe(404);
  });

  it("never changes the basket on a GET: ?wallet, ?promoCode and ?timerElapsed only preview the answer", async () => {
    const { browser, customer } = await signedIn("198.51.100.31");
    await addWalletCredit(database.db, { customerId: customer.id, currency: "GBP", balanceType: "refundable", amount: 500, reason: "goodwill", description: "Sorry", at: new Date() });
    const { product } = await insertSellable(database.db, basics, { product: { price: 2000 } });
    const token = await basketWith(product.id, 1, browser);
    const stored = async () => {
      const [row] = await database.db.select().from(baskets).where(eq(baskets.token, token));
      const view = await (await send("GET", `/v1/checkout/${token}`, undefined, {}, browser)).json();
      return { useWallet: row.useWallet, promoCode: row.promoCode, updatedAt: row.updatedAt.toISOString(), reservedUntil: view.countdown.reservedUntil, summary: view.orderSummary };
    };
    const before = await stored();
    expect(before).toMatchObject({ useWallet: false, promoCode: null, summary: { walletAmountUsed: 0, discount: 0, amountToPay: 2000 } });

    const preview = await send("GET", `/v1/checkout/${token}?wallet=true&promoCode=welcome10&timerElapsed=true`, undefined, {}, browser);
    expect(preview.status).toBe(200);
    const previewed = await preview.json();
    expect(previewed.wallet).toEqual({ applied: true });
    expect(previewed.promoCode).toMatchObject({ code: "WELCOME10", applicable: true });
    expect(previewed.orderSummary).toMatchObject({ discount: 200, walletAmountUsed: 500, amountToPay: 1300 });
    expect(await stored()).toEqual(before);

    // The POSTs (with the session's CSRF token) are what keep a choice.
    expect((await send("POST", "/v1/user/wallet/apply-credit", { basketToken: token, applyCredit: true }, {}, browser)).status).toBe(200);
    expect(await stored()).toMatchObject({ useWallet: true, summary: { walletAmountUsed: 500, amountToPay: 1500 } });
    const forged = await browser.request("/v1/user/wallet/apply-credit", { method: "POST", json: { basketToken: token, applyCredit: false }, csrf: false });
    expect(forged.status).toBe(403);
    expect(await stored()).toMatchObject({ useWallet: true });
  });
});

describe("POST /v1/checkout/{token}/order", () => {
  it("places the order once for a signed-in customer, with a promo code, and clears the basket cookie", async () => {
    const { browser, customer } = await signedIn("198.51.100.30");
    const { product } = await insertSellable(database.db, basics, { product: { price: 2000 } });
    const token = await basketWith(product.id, 2, browser);
    const applied = await (await send("POST", "/v1/promocode", { basketToken: token, promoCode: "welcome10" }, {}, browser)).json();
    expect(applied.promoCode).toEqual({ code: "WELCOME10", applicable: true, message: "Promo code WELCOME10 applied: 10% off" });
    const promo = await (await send("GET", `/v1/checkout/${token}`, undefined, {}, browser)).json();
    expect(promo.promoCode).toEqual({ code: "WELCOME10", applicable: true, message: "Promo code WELCOME10 applied: 10% off" });
    expect(promo.orderSummary).toMatchObject({ subtotal: 4000, discount: 400, amountToPay: 3600 });
    expect(promo.basket.customerToken).toBe(customer.customerToken);

    const body = { paymentMethod: "card", instrument: "NEW", paymentNonce: await cardNonce("4111 1111 1111 1111", browser), details };
    const placed = await send("POST", `/v1/checkout/${token}/order`, body, { "idempotency-key": "api-order-0001" }, browser);
    expect(placed.status).toBe(201);
    const order = await placed.json();
    expect(order).toEqual({ productOrder: { id: expect.any(Number), currency: "GBP", walletAmountUsed: 0, cardType: "Visa", quantity: 2, total: 3600 } });
    expect(browser.cookies.has("basketToken")).toBe(false);

    const repeat = await send("POST", `/v1/checkout/${token}/order`, body, { "idempotency-key": "api-order-0001" }, browser);
    expect(await repeat.json()).toEqual(order);
    const changed = { ...body, details: { ...body.details, city: "Leeds" } };
    const reused = await send("POST", `/v1/checkout/${token}/order`, changed, { "idempotency-key": "api-order-0001" }, browser);
    expect(reused.status).toBe(422);
    expect(await reused.json()).toEqual({
      error: { code: "IDEMPOTENCY_KEY_REUSED", message: "This Idempotency-Key was already used for a different order request. Send a new key for a new request." },
    });
    expect((await send("GET", `/v1/checkout/${token}`, undefined, {}, browser)).status).toBe(422);
  });

  it("shows the decline and keeps the basket for another try", async () => {
    const { browser } = await signedIn("198.51.100.31");
    const { product } = await insertSellable(database.db, basics);
    const token = await basketWith(product.id, 1, browser);
    const body = { paymentMethod: "card", instrument: "NEW", paymentNonce: await cardNonce("4000 0000 0000 0119", browser), details };
    const declined = await send("POST", `/v1/checkout/${token}/order`, body, { "idempotency-key": "api-decline-1" }, browser);
    expect(declined.status).toBe(402);
    expect(await declined.json()).toEqual({
      error: { code: "PAYMENT_NO_BANK_RESPONSE", message: "We didn't get a response from your bank. Please try again or use another card." },
    });
    const still = await (await send("GET", `/v1/checkout/${token}`, undefined, {}, browser)).json();
    expect(still.basket.products[0].reservation.status).toBe("RESERVED");
  });

  it("requires a signed-in customer", async () => {
    const { product } = await insertSellable(database.db, basics);
    const token = await basketWith(product.id, 1);
    const response = await send(
      "POST",
      `/v1/checkout/${token}/order`,
      {
        paymentMethod: "card",
        instrument: "NEW",
        paymentNonce: "sandbox_x",
        details: { firstName: "A", lastName: "B", addressLine1: "1 Road", city: "London", postcode: "N1 1AA" },
      },
      { "idempotency-key": "first-try-1" },
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: "NOT_SIGNED_IN", message: "Please log in or register to continue." } });
  });
});
