import pino from "pino";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutAction } from "../app/checkout/checkout-actions.server";
import { action as dealPageAction } from "../app/routes/deal";
import { BRANDS } from "../lib/brand";
import { systemClock } from "../lib/clock";
import { loadConfig } from "../lib/config";
import { insertSellable } from "../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../tests/support/catalog-fixtures";
import { createTestBrowserApp, TestBrowser } from "../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-db";
import { buyingSettings } from "./buying/buying-context";
import { ResponseCookieJar } from "./security/cookies";

let database: TestDatabase;
let browser: TestBrowser;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
  browser = new TestBrowser(createTestBrowserApp(database, systemClock));
});
afterAll(() => database.dispose());

/** What a page action gets for a guest's request (the services the pages use here). */
function guestPage(): AppLoadContext {
  return {
    db: database.db,
    clock: systemClock,
    brand: BRANDS.wowcher,
    customer: null,
    cookies: new ResponseCookieJar(undefined, true),
    log: pino({ level: "silent" }),
    buying: buyingSettings(loadConfig({ NODE_ENV: "test" })),
  } as unknown as AppLoadContext;
}

function post(fields: Record<string, string>): Request {
  return new Request("http://localhost/page", { method: "POST", body: new URLSearchParams(fields) });
}

/** A page action's answer: React Router's data() with a status, or a plain object (200). */
function statusOf(answer: unknown): number {
  const init = (answer as { init?: ResponseInit | null }).init;
  return init?.status ?? 200;
}

async function basketWithOneLine() {
  const { product } = await insertSellable(database.db, basics, { product: { totalRemaining: 20 } });
  const created = await browser.request("/v1/basket", { method: "POST", json: { brand: "wowcher", products: [{ dealProductId: product.id, quantity: 1 }] } });
  expect(created.status).toBe(201);
  return (await created.json()).token as string;
}

describe("the same error answers the same status in the API and on the pages", () => {
  it("a removal without a usable line id is 400 'args malformed' in both (the checkout page said 409)", async () => {
    const token = await basketWithOneLine();
    const api = await browser.request(`/v1/basket/${token}/product/not-a-line`, { method: "DELETE" });
    const page = await checkoutAction(guestPage(), post({ intent: "remove", lineId: "not-a-line" }), token);
    expect(api.status).toBe(400);
    expect((await api.json()).error).toEqual({ code: "BASKET_ARGS_MALFORMED", message: "args malformed" });
    expect(statusOf(page)).toBe(400);
    expect((page as { data: { error: string } }).data.error).toBe("args malformed");
  });

  it("removing a line the basket does not have is 404 in both (the checkout page said 409)", async () => {
    const token = await basketWithOneLine();
    const api = await browser.request(`/v1/basket/${token}/product/999999999`, { method: "DELETE" });
    const page = await checkoutAction(guestPage(), post({ intent: "remove", lineId: "999999999" }), token);
    expect(api.status).toBe(404);
    expect(statusOf(page)).toBe(404);
    expect((page as { data: { error: string } }).data.error).toBe("Oops! This item is no longer available.");
  });

  it("a sold-out alert with a bad email is 400, and for an unknown deal 404, in both", async () => {
    const { deal } = await insertSellable(database.db, basics);
    const badEmail = { dealId: deal.id, email: "not-an-email" };
    const api = await browser.request("/v1/deal/sold-out-notification", { method: "POST", json: badEmail });
    const page = await dealPageAction({ request: post({ intent: "notify", dealId: String(deal.id), email: "not-an-email" }), context: guestPage(), params: {} } as never);
    expect(api.status).toBe(400);
    expect(statusOf(page)).toBe(400);
    expect((page as { data: { message: string } }).data.message).toBe((await api.json()).error.message);

    const unknown = { dealId: 2_000_000_000, email: "shopper@example.com" };
    const apiUnknown = await browser.request("/v1/deal/sold-out-notification", { method: "POST", json: unknown });
    const pageUnknown = await dealPageAction({ request: post({ intent: "notify", dealId: String(unknown.dealId), email: unknown.email }), context: guestPage(), params: {} } as never);
    expect(apiUnknown.status).toBe(404);
    expect(statusOf(pageUnknown)).toBe(404);
  });
});
