import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCustomer, signInAs } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { TestBrowser, createTestBrowserApp } from "../../tests/support/test-browser";
import { type TestDatabase, createTestDatabase } from "../../tests/support/test-db";
import { issueTestVouchers } from "../../tests/support/voucher-fixtures";

const DAY = 86_400_000;
const clock = new ManualClock("2026-11-23T12:00:00Z");
let database: TestDatabase;
let app: ReturnType<typeof createTestBrowserApp>;
let shopper: TestBrowser;
let voucherIds: number[];
let customer: Awaited<ReturnType<typeof insertCustomer>>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = createTestBrowserApp(database, clock);
  const { merchant } = await insertCatalogBasics(database.db);
  customer = await insertCustomer(database.db);
  shopper = new TestBrowser(app);
  await signInAs(shopper, database.db, customer, clock);
  // 11 vouchers bought yesterday, available now; one bought now, available tomorrow.
  const older = await issueTestVouchers(database.db, { customerId: customer.id, merchantId: merchant.id, quantity: 11, at: new Date(clock.now().getTime() - DAY) });
  const newest = await issueTestVouchers(database.db, { customerId: customer.id, merchantId: merchant.id, at: clock.now(), availableAt: new Date(clock.now().getTime() + DAY) });
  voucherIds = [...newest, ...older].map((voucher) => voucher.id);
});
afterAll(async () => database?.dispose());

describe("voucher API", () => {
  it("GET /v1/voucher lists the signed-in customer's vouchers, 10 a page, with a filter", async () => {
    const first = await shopper.api<{ vouchers: { id: number; code: string | null; status: string; statusCode: string }[]; total: number; pageCount: number; pageSize: number }>("GET", "/v1/voucher");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 12, pageCount: 2, pageSize: 10, page: 1, filter: "all" });
    expect(first.body.vouchers).toHaveLength(10);
    // Newest first; its code is hidden until tomorrow, and it does not claim to be ready.
    expect(first.body.vouchers[0]).toMatchObject({ id: voucherIds[0], code: null, status: "Not Yet Ready", statusCode: "NOT_YET_READY" });
    expect(first.body.vouchers[1]).toMatchObject({ status: "Ready to Redeem", statusCode: "READY_TO_REDEEM" });
    expect(first.body.vouchers[1].code).toEqual(expect.any(String));
    expect((await shopper.api<{ vouchers: unknown[] }>("GET", "/v1/voucher?page=2")).body.vouchers).toHaveLength(2);
    expect((await shopper.api("GET", "/v1/voucher?filter=past")).body).toMatchObject({ total: 0, vouchers: [] });
    expect((await shopper.api("GET", "/v1/voucher?filter=soon")).status).toBe(400);
  });

  it("GET /v1/voucher/{page}/10?giftPacks=true is the spec's shape of the same list", async () => {
    const second = await shopper.api<{ vouchers: unknown[]; page: number }>("GET", "/v1/voucher/2/10?giftPacks=true");
    expect(second.status).toBe(200);
    expect(second.body.page).toBe(2);
    expect(second.body.vouchers).toHaveLength(2);
    expect((await shopper.api("GET", "/v1/voucher/1/25")).status).toBe(400);
    expect((await shopper.api("GET", "/v1/voucher/0/10")).status).toBe(400);
  });

  it("GET /v1/voucher/{voucherId} gives the timeline and the options; others' vouchers are 404, guests 401", async () => {
    const detail = await shopper.api<Record<string, unknown>>("GET", `/v1/voucher/${voucherIds[1]}`);
    expect(detail.status).toBe(200);
    expect(detail.headers.get("cache-control")).toBe("private, no-store");
    expect(detail.body).toMatchObject({
      id: voucherIds[1],
      available: true,
      timeline: [{ status: "READY_TO_REDEEM", text: "Ready to Redeem", at: "2026-11-22T12:00:00.000Z" }],
      merchant: { name: "Serenity Spa", email: null, phone: null },
    });
    expect(detail.body.options).toEqual([
      { kind: "refund", allowed: true, until: expect.any(String), reason: null, href: `/myaccount/vouchers/${voucherIds[1]}/refund` },
      { kind: "credit", allowed: true, until: expect.any(String), reason: null, href: `/myaccount/vouchers/${voucherIds[1]}/credit` },
      { kind: "extend", allowed: false, until: null, reason: "Extensions come with Deal Protection, which was not added to this order.", href: null },
    ]);

    const stranger = new TestBrowser(app, { ip: "198.51.100.7" });
    await signInAs(stranger, database.db, await insertCustomer(database.db), clock);
    expect((await stranger.api("GET", `/v1/voucher/${voucherIds[1]}`)).status).toBe(404);
    expect((await stranger.api("GET", "/v1/voucher")).body).toMatchObject({ total: 0 });
    expect((await new TestBrowser(app).api("GET", "/v1/voucher")).status).toBe(401);
    expect((await shopper.api("GET", "/v1/voucher/999999999")).status).toBe(404);
  });

  it("GET /v1/voucher/{voucherId} of a voucher not ready yet: no code, Not Yet Ready, then Ready to Redeem at available_at", async () => {
    const early = await shopper.api<Record<string, unknown>>("GET", `/v1/voucher/${voucherIds[0]}`);
    expect(early.body).toMatchObject({ code: null, available: false, status: "Not Yet Ready", timeline: [{ status: "NOT_YET_READY", text: "Not Yet Ready", at: "2026-11-23T12:00:00.000Z" }] });
    expect((early.body.options as { kind: string; allowed: boolean }[]).find((option) => option.kind === "refund")).toMatchObject({ allowed: true });

    clock.advance(DAY);
    // The day-long session has ended meanwhile: the shopper signs in again.
    await signInAs(shopper, database.db, customer, clock);
    const ready = await shopper.api<Record<string, unknown>>("GET", `/v1/voucher/${voucherIds[0]}`);
    expect(ready.body).toMatchObject({
      code: expect.any(String),
      status: "Ready to Redeem",
      timeline: [
        { status: "NOT_YET_READY", text: "Not Yet Ready", at: "2026-11-23T12:00:00.000Z" },
        { status: "READY_TO_REDEEM", text: "Ready to Redeem", at: "2026-11-24T12:00:00.000Z" },
      ],
    });
  });

  it("is in the OpenAPI document", async () => {
    const { body } = await shopper.api<{ paths: Record<string, unknown> }>("GET", "/v1/openapi.json");
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(["/voucher", "/voucher/{page}/{pageSize}", "/voucher/{voucherId}"]));
  });
});
