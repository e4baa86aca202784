import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoPromoCodes } from "../../modules/promotions/demo-codes";
import { insertCustomer, insertSellable, signInAs } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestBrowserApp, TestBrowser } from "../../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";

let database: TestDatabase;
let app: ReturnType<typeof createTestBrowserApp>;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
const clock = new ManualClock(new Date());

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
  await seedDemoPromoCodes(database.db, clock.now());
  app = createTestBrowserApp(database, clock);
});
afterAll(() => database.dispose());

const PROMO_LIMITED = "Too many promo codes tried. Please wait a while before trying another.";
const DECLINES_LIMITED = "Your payment was declined too many times. For your security, please wait a while before trying again.";
const details = { firstName: "Ada", lastName: "Lovelace", addressLine1: "1 Road", city: "London", postcode: "N1 1AA" };
let keyCounter = 0;

async function shopperAt(ip: string) {
  const browser = new TestBrowser(app, { ip });
  await signInAs(browser, database.db, await insertCustomer(database.db), clock);
  return browser;
}

/** A signed-in shopper on another address, the same customer as `browser` (a second device). */
function sameCustomerAt(browser: TestBrowser, ip: string) {
  const other = new TestBrowser(app, { ip });
  other.cookies.set("session", browser.cookies.get("session")!);
  other.refreshCsrf();
  return other;
}

async function basketFor(browser: TestBrowser) {
  const { product } = await insertSellable(database.db, basics, { product: { price: 2000 } });
  const response = await browser.request("/v1/basket", { method: "POST", json: { products: [{ dealProductId: product.id, quantity: 1 }] } });
  return (await response.json()).token as string;
}

const tryPromo = (browser: TestBrowser, basketToken: string, promoCode: string) =>
  browser.api<{ promoCode: { applicable: boolean; message: string } }>("POST", "/v1/promocode", { basketToken, promoCode });

async function pay(browser: TestBrowser, basketToken: string, card: string) {
  const tokenized = await browser.request("/sandbox-gateway/v1/tokenize", {
    method: "POST",
    json: { number: card, expiry: "12/40", securityCode: "123", postalCode: "N1 1AA" },
  });
  const body = { paymentMethod: "card", instrument: "NEW", paymentNonce: (await tokenized.json()).nonce, details };
  keyCounter += 1;
  return browser.api("POST", `/v1/checkout/${basketToken}/order`, body, { headers: { "idempotency-key": `guess-limit-${keyCounter}` } });
}

const DECLINED = "4000 0000 0000 0002";
const GOOD = "4111 1111 1111 1111";

describe("promo code guessing", () => {
  it("stops a customer after ten unknown codes, on every device, until the hour has passed", async () => {
    const browser = await shopperAt("198.51.100.201");
    const basket = await basketFor(browser);
    for (let i = 0; i < 10; i++) {
      const miss = await tryPromo(browser, basket, `GUESS${i}`);
      expect(miss).toMatchObject({ status: 200, body: { promoCode: { applicable: false } } });
    }
    const limited = await tryPromo(browser, basket, "WELCOME10");
    expect(limited).toMatchObject({ status: 429, body: { error: { code: "RATE_LIMITED", message: PROMO_LIMITED } } });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(3600);
    expect((await browser.api("GET", `/v1/checkout/${basket}?promoCode=WELCOME10`)).status).toBe(429);
    expect((await tryPromo(sameCustomerAt(browser, "198.51.100.202"), basket, "WELCOME10")).status).toBe(429);
    // Taking a code off always works.
    expect((await tryPromo(browser, basket, "")).status).toBe(200);

    const other = await shopperAt("198.51.100.203");
    expect((await tryPromo(other, await basketFor(other), "WELCOME10")).body).toMatchObject({ promoCode: { applicable: true } });

    clock.advance(3600_000);
    expect((await tryPromo(browser, basket, "WELCOME10")).body).toMatchObject({ promoCode: { applicable: true } });
  });

  it("stops an address after twenty unknown codes, whichever customers tried them", async () => {
    for (const misses of [7, 7, 6]) {
      const browser = await shopperAt("198.51.100.210");
      const basket = await basketFor(browser);
      for (let i = 0; i < misses; i++) expect((await tryPromo(browser, basket, `NOPE${i}`)).status).toBe(200);
    }
    const next = await shopperAt("198.51.100.210");
    expect((await tryPromo(next, await basketFor(next), "WELCOME10")).status).toBe(429);
  });
});

describe("card testing", () => {
  it("pauses payments for a basket after four declines, and for the customer after six", async () => {
    const browser = await shopperAt("198.51.100.220");
    const first = await basketFor(browser);
    for (let i = 0; i < 4; i++) expect((await pay(browser, first, DECLINED)).status).toBe(402);
    const paused = await pay(browser, first, GOOD);
    expect(paused).toMatchObject({ status: 429, body: { error: { code: "RATE_LIMITED", message: DECLINES_LIMITED } } });
    expect(Number(paused.headers.get("retry-after"))).toBeLessThanOrEqual(1800);

    const second = await basketFor(browser);
    for (let i = 0; i < 2; i++) expect((await pay(browser, second, DECLINED)).status).toBe(402);
    expect((await pay(sameCustomerAt(browser, "198.51.100.221"), await basketFor(browser), GOOD)).status).toBe(429);

    clock.advance(3600_000);
    expect((await pay(browser, await basketFor(browser), GOOD)).status).toBe(201);
  });

  it("pauses payments from an address after twelve declines, whichever customers and baskets", async () => {
    for (let customer = 0; customer < 3; customer++) {
      const browser = await shopperAt("198.51.100.230");
      const basket = await basketFor(browser);
      for (let i = 0; i < 4; i++) expect((await pay(browser, basket, DECLINED)).status).toBe(402);
    }
    const next = await shopperAt("198.51.100.230");
    expect((await pay(next, await basketFor(next), GOOD)).body).toMatchObject({ error: { message: DECLINES_LIMITED } });
    const elsewhere = await shopperAt("198.51.100.231");
    expect((await pay(elsewhere, await basketFor(elsewhere), GOOD)).status).toBe(201);
  });
});
