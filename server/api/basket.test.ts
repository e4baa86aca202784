import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../lib/clock";
import { insertCustomer, insertSellable, signInAs } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { createTestBrowserApp, TestBrowser } from "../../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";

let database: TestDatabase;
let app: ReturnType<typeof createTestBrowserApp>;
let browser: TestBrowser;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
  app = createTestBrowserApp(database, systemClock);
  browser = new TestBrowser(app);
});
afterAll(() => database.dispose());

const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}, as: TestBrowser = browser) =>
  as.request(path, { method, json: body, headers });

async function newBasket(products: { dealProductId: number; quantity: number }[]) {
  const response = await send("POST", "/v1/basket", { brand: "wowcher", eligibleForVip: false, products });
  expect(response.status).toBe(201);
  const token = response.headers.get("location")!.split("/").pop()!;
  return { response, token, body: await response.json() };
}

describe("POST /v1/basket", () => {
  it("creates a basket: token in the Location header, a 7-day cookie, the lines with the spec's fields", async () => {
    const { deal, product } = await insertSellable(database.db, basics, { product: { price: 1900, originalPrice: 4500 } });
    const { response, token, body } = await newBasket([{ dealProductId: product.id, quantity: 2 }]);
    expect(token.length).toBeGreaterThan(10);
    expect(body.token).toBe(token);
    const cookie = response.headers.getSetCookie().find((header) => header.startsWith("basketToken="))!;
    expect(cookie).toContain(`basketToken=${token}`);
    expect(cookie).toMatch(/Max-Age=604800/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(body).toMatchObject({ brand: "wowcher", currency: "GBP", quantity: "2", eligibleForVip: false, customerToken: null });
    expect(body.products[0]).toMatchObject({
      dealId: deal.id,
      dealProductId: product.id,
      quantity: 2,
      price: 1900,
      originalPrice: 4500,
      discount: 2600,
      discountPercentage: 57,
      displayDiscount: true,
      postagePrice: 0,
      purchaseCap: 20,
      payDeposit: false,
      hasDeposit: false,
      availability: "AVAILABLE",
      reservation: { status: "RESERVED", reservedPrice: 1900 },
      problem: null,
    });
    expect(Date.parse(body.reservedUntil) - Date.now()).toBeGreaterThan(9 * 60_000);
  });

  it("answers a cap with the spec's message and the number filled in", async () => {
    const { product } = await insertSellable(database.db, basics, { product: { totalRemaining: 3 } });
    const response = await send("POST", "/v1/basket", { products: [{ dealProductId: product.id, quantity: 5 }] });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: { code: "BASKET_MAX_QUANTITY_TODAY", message: "The maximum quantity of this deal that you can buy today is 3", maxQuantity: 3 },
    });
  });

  it("refuses bad input with a 400, not a 500", async () => {
    expect((await send("POST", "/v1/basket", { products: [{ dealProductId: 1, quantity: 0 }] })).status).toBe(400);
    expect((await send("POST", "/v1/basket", { brand: "wowcherie" })).status).toBe(400);
    expect((await send("POST", "/v1/basket", { products: [{ dealProductId: 987654, quantity: 1 }] })).status).toBe(409);
  });
});

describe("reading a basket", () => {
  it("finds it by token, by the cookie, and treats a short token as none", async () => {
    const { product } = await insertSellable(database.db, basics);
    const { token } = await newBasket([{ dealProductId: product.id, quantity: 1 }]);
    const byToken = await send("GET", `/v1/basket/${token}?giftPacks=true`);
    expect(byToken.status).toBe(200);
    expect(byToken.headers.get("cache-control")).toBe("private, no-store");
    expect((await byToken.json()).quantity).toBe("1");
    const fresh = new TestBrowser(app);
    fresh.cookies.set("basketToken", token);
    const byCookie = await send("GET", "/v1/basket?giftPacks=true", undefined, {}, fresh);
    expect((await byCookie.json()).token).toBe(token);

    const short = await send("GET", "/v1/basket/abcdefghij");
    expect(short.status).toBe(404);
    expect(await short.json()).toEqual({ error: { code: "BASKET_NOT_FOUND", message: "No Basket Token available for checkout" } });
    expect((await send("GET", `/v1/basket/${token.slice(0, -1)}x`)).status).toBe(404);
  });
});

describe("changing a basket", () => {
  it("adds, updates and removes products, and adds the VIP add-on", async () => {
    const a = await insertSellable(database.db, basics);
    const b = await insertSellable(database.db, basics, { deal: { depositPrice: 500 } });
    const { token } = await newBasket([]);

    const added = await send("POST", `/v1/basket/${token}/product`, { dealId: b.deal.id, dealProductId: b.product.id, quantity: 1, purchaseUrl: "/deal/x" });
    expect(added.status).toBe(200);
    const line = (await added.json()).products[0];
    expect(line).toMatchObject({ dealProductId: b.product.id, purchaseUrl: "/deal/x", hasDeposit: true, depositProduct: { id: b.product.id, price: 500 } });

    const wrongDeal = await send("POST", `/v1/basket/${token}/product`, { dealId: a.deal.id, dealProductId: b.product.id, quantity: 1 });
    expect(wrongDeal.status).toBe(409);

    const patched = await send("PATCH", `/v1/basket/${token}/product/${line.id}`, { quantity: 3, payDeposit: true, giftWrap: true });
    expect(patched.status).toBe(200);
    expect((await patched.json()).products[0]).toMatchObject({ quantity: 3, payDeposit: true, giftWrap: true, price: 500, lineTotal: 1500 });

    const addon = await send("POST", `/v1/basket/${token}/addon`, { addonType: "VVE", quantity: 1 });
    expect((await addon.json()).products.map((p: { kind: string }) => p.kind)).toEqual(["deal", "addon"]);

    const removed = await send("DELETE", `/v1/basket/${token}/product/${line.id}`);
    expect(removed.status).toBe(200);
    expect((await removed.json()).quantity).toBe("1");
  });

  it("answers 'args malformed' to a removal without a usable token or line id", async () => {
    const { token } = await newBasket([]);
    for (const path of [`/v1/basket/${token}/product/abc`, "/v1/basket/short/product/12"]) {
      const response = await send("DELETE", path);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: { code: "BASKET_ARGS_MALFORMED", message: "args malformed" } });
    }
  });

  it("replaces the products with PUT", async () => {
    const a = await insertSellable(database.db, basics);
    const b = await insertSellable(database.db, basics);
    const { token } = await newBasket([{ dealProductId: a.product.id, quantity: 1 }]);
    const replaced = await send("PUT", `/v1/basket/${token}`, { eligibleForVip: true, products: [{ dealProductId: b.product.id, quantity: 2 }] });
    const body = await replaced.json();
    expect(body.products.map((p: { dealProductId: number }) => p.dealProductId)).toEqual([b.product.id]);
    expect(body).toMatchObject({ eligibleForVip: true, quantity: "2" });
  });
});

describe("GET /v1/basket/quantity (the header's count)", () => {
  it("answers a visitor without a basket with no token and an empty count, not an error", async () => {
    const response = await send("GET", "/v1/basket/quantity", undefined, {}, new TestBrowser(app));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.json()).toEqual({ token: null, quantity: "" });
  });

  it("sums the cookie's basket, and gives a signed-in customer their own basket, never another's", async () => {
    const { product } = await insertSellable(database.db, basics);
    const shopper = new TestBrowser(app, { ip: "198.51.100.23" });
    const created = await send("POST", "/v1/basket", { products: [{ dealProductId: product.id, quantity: 3 }] }, {}, shopper);
    const token = (await created.json()).token as string;
    expect(await (await send("GET", "/v1/basket/quantity", undefined, {}, shopper)).json()).toEqual({ token, quantity: "3" });

    const customer = await insertCustomer(database.db);
    await signInAs(shopper, database.db, customer);
    await send("PATCH", `/v1/basket/${token}`, { customerToken: customer.customerToken }, {}, shopper);
    shopper.cookies.delete("basketToken");
    expect(await (await send("GET", "/v1/basket/quantity", undefined, {}, shopper)).json()).toEqual({ token, quantity: "3" });

    const stranger = new TestBrowser(app, { ip: "198.51.100.24" });
    await signInAs(stranger, database.db, await insertCustomer(database.db));
    expect(await (await send("GET", "/v1/basket/quantity", undefined, {}, stranger)).json()).toEqual({ token: null, quantity: "" });
  });
});

describe("baskets of signed-in customers", () => {
  it("links a guest basket at PATCH, finds it by customer token, and hides it from others", async () => {
    const { product } = await insertSellable(database.db, basics);
    const shopperBrowser = new TestBrowser(app, { ip: "198.51.100.20" });
    const created = await send("POST", "/v1/basket", { products: [{ dealProductId: product.id, quantity: 1 }] }, {}, shopperBrowser);
    const token = (await created.json()).token as string;

    const customer = await insertCustomer(database.db);
    await signInAs(shopperBrowser, database.db, customer);
    const linked = await send("PATCH", `/v1/basket/${token}`, { customerToken: customer.customerToken }, {}, shopperBrowser);
    expect(linked.status).toBe(200);
    expect((await linked.json()).customerToken).toBe(customer.customerToken);

    const mine = await send("GET", `/v1/basket?customerToken=${customer.customerToken}&giftPacks=true`, undefined, {}, shopperBrowser);
    expect((await mine.json()).token).toBe(token);

    const stranger = new TestBrowser(app, { ip: "198.51.100.21" });
    await signInAs(stranger, database.db, await insertCustomer(database.db));
    expect((await send("GET", `/v1/basket/${token}`, undefined, {}, stranger)).status).toBe(404);
    expect((await send("GET", `/v1/basket?customerToken=${customer.customerToken}`, undefined, {}, stranger)).status).toBe(404);
    expect((await send("GET", `/v1/basket/${token}`)).status).toBe(404);
  });

  it("makes the guest's basket the customer's when they register", async () => {
    const { product } = await insertSellable(database.db, basics);
    const visitor = new TestBrowser(app, { ip: "198.51.100.22" });
    const token = (await (await send("POST", "/v1/basket", { products: [{ dealProductId: product.id, quantity: 1 }] }, {}, visitor)).json()).token;
    const registered = await visitor.api("POST", "/v1/register", {
      firstName: "Grace",
      lastName: "Hopper",
      email: "grace.basket@example.com",
      password: "correct horse",
      confirmPassword: "correct horse",
    });
    expect(registered.status).toBe(201);
    visitor.refreshCsrf();
    const customerToken = (registered.body as { customerToken: string }).customerToken;
    const found = await send("GET", `/v1/basket?customerToken=${customerToken}`, undefined, {}, visitor);
    expect((await found.json()).token).toBe(token);
  });

  it("refuses a change without the CSRF token", async () => {
    const response = await browser.request("/v1/basket", { method: "POST", json: {}, csrf: false });
    expect(response.status).toBe(403);
  });
});
