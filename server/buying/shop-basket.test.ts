import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRANDS } from "../../lib/brand";
import { fixedClock } from "../../lib/clock";
import type { CustomerSummary } from "../../modules/accounts/customers";
import { findBasket, linesOf } from "../../modules/basket/baskets";
import { baskets } from "../../modules/basket/schema";
import { insertCustomer, insertSellable } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { BASKET_COOKIE, basketActor, type BuyingSettings } from "./buying-context";
import { ResponseCookieJar } from "../security/cookies";
import { CHOOSE_OPTION_MESSAGE, parseBuyNow } from "./buy-now-form";
import { buyNow, currentBasket, startNewBasket } from "./shop-basket";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
const now = new Date("2026-11-21T12:00:00Z");
const settings: BuyingSettings = { holdMs: 10 * 60_000, voucherReadyMs: 0, enabledMethods: { klarna: false, clearpay: false } };

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
});
afterAll(() => database.dispose());

/** One request's services: a browser's cookies, signed in or not. */
function visit(cookie: string | undefined, customer: CustomerSummary | null = null) {
  return {
    db: database.db,
    brand: BRANDS.wowcher,
    clock: fixedClock(now),
    customer,
    cookies: new ResponseCookieJar(cookie, true),
    log: pino({ level: "silent" }),
  };
}

const cookieOf = (services: ReturnType<typeof visit>) => services.cookies.get(BASKET_COOKIE);

describe("Buy now", () => {
  it("gives a new visitor a basket with the product held, remembered in a 7-day secure cookie", async () => {
    const { deal, product } = await insertSellable(database.db, basics, { product: { totalRemaining: 20 } });
    const services = visit(undefined);
    const token = await buyNow(services, settings, { dealId: deal.id, productId: product.id, quantity: 1 });
    expect(cookieOf(services)).toBe(token);
    expect(services.cookies.setCookieHeaders().join()).toMatch(new RegExp(`${BASKET_COOKIE}=${token}; Max-Age=604800; Path=/; HttpOnly; Secure; SameSite=Lax`));
    const basket = await findBasket(database.db, token, basketActor(services, settings));
    expect((await linesOf(database.db, basket!.id)).map((line) => [line.productId, line.quantity])).toEqual([[product.id, 1]]);
  });

  it("adds to the basket in the cookie, and starts a new one once that basket became an order", async () => {
    const { deal, product } = await insertSellable(database.db, basics, { product: { totalRemaining: 20 } });
    const first = await buyNow(visit(undefined), settings, { dealId: deal.id, productId: product.id, quantity: 1 });
    const again = await buyNow(visit(`${BASKET_COOKIE}=${first}`), settings, { dealId: deal.id, productId: product.id, quantity: 2 });
    expect(again).toBe(first);
    const basket = await findBasket(database.db, first, basketActor(visit(undefined), settings));
    expect((await linesOf(database.db, basket!.id)).map((line) => line.quantity)).toEqual([3]);

    await database.db.update(baskets).set({ orderedAt: now }).where(eq(baskets.token, first));
    const afterOrder = visit(`${BASKET_COOKIE}=${first}`);
    const next = await buyNow(afterOrder, settings, { dealId: deal.id, productId: product.id, quantity: 1 });
    expect(next).not.toBe(first);
    expect(cookieOf(afterOrder)).toBe(next);
  });

  it("makes a guest's basket the customer's when they buy signed in, and finds it without the cookie", async () => {
    const { deal, product } = await insertSellable(database.db, basics, { product: { totalRemaining: 20 } });
    const customer = await insertCustomer(database.db);
    const token = await buyNow(visit(undefined), settings, { dealId: deal.id, productId: product.id, quantity: 1 });
    await buyNow(visit(`${BASKET_COOKIE}=${token}`, customer), settings, { dealId: deal.id, productId: product.id, quantity: 1 });
    const found = await currentBasket(visit(undefined, customer), settings);
    expect(found?.token).toBe(token);
    expect(found?.customerId).toBe(customer.id);
    // Someone else holding the cookie no longer sees it.
    expect(await currentBasket(visit(`${BASKET_COOKIE}=${token}`), settings)).toBeNull();
  });

  it("refuses a product of another deal and a sold-out product with the spec's text", async () => {
    const one = await insertSellable(database.db, basics);
    const other = await insertSellable(database.db, basics, { product: { totalRemaining: 0 } });
    await expect(buyNow(visit(undefined), settings, { dealId: one.deal.id, productId: other.product.id, quantity: 1 })).rejects.toThrow(
      "Oops! This item is no longer available.",
    );
    await expect(buyNow(visit(undefined), settings, { dealId: other.deal.id, productId: other.product.id, quantity: 1 })).rejects.toThrow(
      "Oops! This item is no longer available.",
    );
  });

  it("starts again with a new empty basket when a checkout's basket is no longer valid", async () => {
    const services = visit(`${BASKET_COOKIE}=an-old-basket-token-from-before`);
    const token = await startNewBasket(services, settings);
    expect(cookieOf(services)).toBe(token);
    const basket = await findBasket(database.db, token, basketActor(services, settings));
    expect(await linesOf(database.db, basket!.id)).toEqual([]);
  });
});

describe("reading a Buy now request", () => {
  it("needs a chosen option, and defaults the quantity to one", () => {
    const read = (query: string) => parseBuyNow((name) => new URLSearchParams(query).get(name));
    expect(read("dealId=30000001&productId=5000001")).toEqual({ ok: true, request: { dealId: 30000001, productId: 5000001, quantity: 1 } });
    expect(read("dealId=30000001")).toEqual({ ok: false, message: CHOOSE_OPTION_MESSAGE });
    expect(read("dealId=30000001&productId=5000001&quantity=0")).toEqual({ ok: false, message: "Please choose at least one product" });
    expect(read("dealId=abc&productId=5000001")).toEqual({ ok: false, message: "Oops! This item is no longer available." });
  });
});
