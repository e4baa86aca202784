import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CustomerSummary } from "../../modules/accounts/customers";
import { deliverShipment } from "../../modules/delivery/deliver-shipment";
import { insertCustomer, signInAs } from "../../tests/support/buying-fixtures";
import type { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { buyDeal } from "../../tests/support/delivery-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { browserFromNewIp, createTestBrowserApp, openShopApi, TestBrowser } from "../../tests/support/test-browser";
import type { TestDatabase } from "../../tests/support/test-db";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
let app: ReturnType<typeof createTestBrowserApp>;
const clock = new ManualClock("2026-11-21T12:00:00Z");

beforeAll(async () => {
  ({ database, basics, app } = await openShopApi(clock));
});
afterAll(() => database.dispose());

async function shopper(): Promise<{ customer: CustomerSummary; browser: TestBrowser }> {
  const customer = await insertCustomer(database.db);
  const browser = browserFromNewIp(app);
  await signInAs(browser, database.db, customer, clock);
  return { customer, browser };
}

async function deliveredVoucher(customer: CustomerSummary) {
  const { vouchers } = await buyDeal(database.db, clock, basics, customer);
  await deliverShipment({ db: database.db, clock }, { merchantId: basics.merchant.id, merchantUserId: 1, voucherId: vouchers[0].id });
  return vouchers[0];
}

describe("returns API", () => {
  it("starts a return with the spec's reason message, and only with a CSRF token", async () => {
    const { customer, browser } = await shopper();
    const voucher = await deliveredVoucher(customer);

    const missing = await browser.api("POST", "/v1/create-return-order", { voucherId: voucher.id });
    expect(missing).toMatchObject({ status: 400, body: { error: { code: "REASON_REQUIRED", message: "Please select a reason..." } } });
    const forged = await browser.api("POST", "/v1/create-return-order", { voucherId: voucher.id, reason: "FAULTY" }, { csrf: false });
    expect(forged.status).toBe(403);

    const started = await browser.api<{ returnId: number; reference: string; labelUrl: string }>("POST", "/v1/create-return-order", { voucherId: voucher.id, reason: "FAULTY", comments: "Cracked" });
    expect(started.status).toBe(201);
    expect(started.body.labelUrl).toMatch(new RegExp(`/v1/returns/pdf\\?returnId=${started.body.returnId}$`));

    const label = await browser.api<{ url: string }>("POST", "/v1/returns/returns-label", { returnId: started.body.returnId });
    expect(label).toMatchObject({ status: 200, body: { url: started.body.labelUrl } });
  });

  it("gives the label PDF to its owner only; others and guests get 404 and 401", async () => {
    const owner = await shopper();
    const stranger = await shopper();
    const voucher = await deliveredVoucher(owner.customer);
    const started = await owner.browser.api<{ returnId: number }>("POST", "/v1/create-return-order", { voucherId: voucher.id, reason: "CHANGED_MIND" });
    const path = `/v1/returns/pdf?returnId=${started.body.returnId}`;

    const pdf = await owner.browser.request(path);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");

    expect((await stranger.browser.request(path)).status).toBe(404);
    expect((await stranger.browser.api("POST", "/v1/returns/returns-label", { returnId: started.body.returnId })).status).toBe(404);
    expect((await stranger.browser.api("POST", "/v1/create-return-order", { voucherId: voucher.id, reason: "FAULTY" })).status).toBe(404);
    expect((await new TestBrowser(app, { ip: "203.0.113.9" }).request(path)).status).toBe(401);
    expect((await owner.browser.request("/v1/returns/pdf?returnId=abc")).status).toBe(400);
  });

  it("lists the shopper's returns 20 a page", async () => {
    const { customer, browser } = await shopper();
    const voucher = await deliveredVoucher(customer);
    await browser.api("POST", "/v1/create-return-order", { voucherId: voucher.id, reason: "WRONG_ITEM" });
    const list = await browser.api<{ returns: { reference: string; status: string }[]; total: number; pageCount: number }>("GET", "/v1/returns?page=1");
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, pageCount: 1, returns: [{ status: "Return Requested", reason: "I received the wrong item" }] });
    expect((await browser.api("GET", "/v1/returns?page=0")).status).toBe(400);
  });

  it("is in the OpenAPI document", async () => {
    const { browser } = await shopper();
    const doc = await browser.api<{ paths: Record<string, unknown> }>("GET", "/v1/openapi.json");
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(["/create-return-order", "/returns/returns-label", "/returns/pdf", "/returns"]));
  });
});
