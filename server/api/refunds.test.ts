import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "../../modules/mail/schema";
import { vouchers } from "../../modules/vouchers/schema";
import { signInAs } from "../../tests/support/buying-fixtures";
import type { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { browserFromNewIp, createTestBrowserApp, openShopApi, TestBrowser } from "../../tests/support/test-browser";
import type { TestDatabase } from "../../tests/support/test-db";
import { buyVouchers } from "../../tests/support/voucher-fixtures";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
let app: ReturnType<typeof createTestBrowserApp>;
const clock = new ManualClock("2026-11-21T12:00:00Z");

beforeAll(async () => {
  ({ database, basics, app } = await openShopApi(clock));
});
afterAll(() => database.dispose());

/** A shopper who bought vouchers, signed in in a browser of their own. */
async function signedInBuyer(options: Parameters<typeof buyVouchers>[3] = {}) {
  const purchase = await buyVouchers(database.db, basics, clock, options);
  const browser = browserFromNewIp(app);
  await signInAs(browser, database.db, purchase.customer, clock);
  return { ...purchase, browser };
}

describe("POST /v1/voucher/pmv/refund", () => {
  it("refunds the shopper's voucher to the card, and a repeat answers the same refund", async () => {
    const { browser, vouchers: [voucher] } = await signedInBuyer();
    const first = await browser.api("POST", "/v1/voucher/pmv/refund", { voucherId: voucher.id, destination: "original" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: "REFUNDED", cardAmount: 1900, refundableCredit: 0, cardRefund: "succeeded", paidWith: { cardType: "Visa", last4: "1111" }, repeated: false });
    const again = await browser.api("POST", "/v1/voucher/pmv/refund", { voucherId: voucher.id, destination: "original" });
    expect(again.body).toMatchObject({ status: "REFUNDED", cardAmount: 1900, repeated: true });
  });

  it("answers 404 for another customer's voucher, 401 signed out and 403 without the CSRF token", async () => {
    const { vouchers: [voucher] } = await signedInBuyer();
    const { browser: stranger } = await signedInBuyer();
    expect((await stranger.api("POST", "/v1/voucher/pmv/refund", { voucherId: voucher.id, destination: "wallet" })).status).toBe(404);
    expect((await new TestBrowser(app, { ip: "198.51.100.250" }).api("POST", "/v1/voucher/pmv/refund", { voucherId: voucher.id, destination: "wallet" })).status).toBe(401);
    expect((await stranger.api("POST", "/v1/voucher/pmv/refund", { voucherId: voucher.id, destination: "wallet" }, { csrf: false })).status).toBe(403);
  });

  it("says why a voucher past its refund window cannot be refunded", async () => {
    const { browser, customer, vouchers: [voucher] } = await signedInBuyer();
    clock.advance(15 * 86_400_000);
    // A day-long session has ended meanwhile: the shopper signs in again.
    await signInAs(browser, database.db, customer, clock);
    const answer = await browser.api("POST", "/v1/voucher/pmv/refund", { voucherId: voucher.id, destination: "wallet" });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ error: { code: "REFUND_NOT_ALLOWED", message: "The 14-day refund period for this voucher has ended. Deal Protection was not added to this order." } });
  });
});

describe("POST /v1/voucher/credit", () => {
  it("asks for wallet credit worth the whole voucher", async () => {
    const { browser, vouchers: [voucher] } = await signedInBuyer();
    const answer = await browser.api("POST", "/v1/voucher/credit", { voucherId: voucher.id });
    expect(answer).toMatchObject({ status: 200, body: { status: "CREDIT_REQUESTED", amount: 1900, repeated: false } });
  });
});

describe("/v1/voucher/vve", () => {
  it("lists an order's extendable vouchers and extends one", async () => {
    const { browser, order, vouchers: [voucher] } = await signedInBuyer({ protection: true });
    const listed = await browser.api<{ vouchers: { voucherId: number; maxMonths: number }[] }>("GET", `/v1/voucher/vve?orderId=${order.id}`);
    expect(listed.body.vouchers).toMatchObject([{ voucherId: voucher.id, maxMonths: 3 }]);
    const extended = await browser.api("POST", "/v1/voucher/vve", { voucherId: voucher.id, months: 1, expiresAt: voucher.expiresAt.toISOString() });
    expect(extended.body).toMatchObject({ extendedMonths: 1, repeated: false });
  });

  it("carries no voucher code, in the list or the extension's email, so the 24-hour wait cannot be skipped", async () => {
    const { browser, order, customer, vouchers: [voucher] } = await signedInBuyer({ protection: true });
    await database.db.update(vouchers).set({ availableAt: new Date(clock.now().getTime() + 86_400_000) }).where(eq(vouchers.id, voucher.id));
    const listed = await browser.api("GET", `/v1/voucher/vve?orderId=${order.id}`);
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(voucher.code);
    expect((await browser.api("POST", "/v1/voucher/vve", { voucherId: voucher.id, months: 1, expiresAt: voucher.expiresAt.toISOString() })).status).toBe(200);
    const [extension] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.subject, "Your voucher has been extended")).orderBy(desc(outboxMessages.id)).limit(1);
    expect(extension.to).toBe(customer.email);
    expect(extension.text).toContain(`your voucher for ${voucher.dealTitle}`);
    expect(`${extension.text}${extension.html}`).not.toContain(voucher.code);
  });

  it("answers the spec's texts without an order id and for an order with nothing to extend", async () => {
    const { browser, order } = await signedInBuyer();
    expect((await browser.api("GET", "/v1/voucher/vve")).body).toEqual({ error: { code: "ORDER_ID_REQUIRED", message: "Sorry, a product order id is required." } });
    expect((await browser.api("GET", `/v1/voucher/vve?orderId=${order.id}`)).body).toEqual({ error: { code: "NO_VOUCHERS_TO_EXTEND", message: "this order has no vouchers eligible for extension" } });
    expect((await browser.api("POST", "/v1/voucher/vve", { voucherId: 1, months: 4 })).status).toBe(400);
  });
});

describe("the OpenAPI document", () => {
  it("describes the voucher after-sale calls", async () => {
    const doc = await new TestBrowser(app).api<{ paths: Record<string, unknown> }>("GET", "/v1/openapi.json");
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(["/voucher/pmv/refund", "/voucher/credit", "/voucher/vve"]));
  });
});
