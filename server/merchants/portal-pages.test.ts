/**
 * The merchant portal on real server-rendered pages: its own sign-in and session (never a
 * shopper's), the till looking up and redeeming a code once, the statement download, the camera
 * allowed on the till only, and the dashboard URL from the configured origin.
 */
import pino from "pino";
import type { ServerBuild } from "react-router";
import { type ViteDevServer, createServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../lib/config";
import { acceptInvitation } from "../../modules/merchants/accept-invitation";
import { inviteMerchantUser } from "../../modules/merchants/invite-merchant-user";
import { insertCustomer, signInAs } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics, insertDeal } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { insertVoucher } from "../../tests/support/merchant-fixtures";
import { TestBrowser } from "../../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { createApp } from "../app";

let database: TestDatabase;
let vite: ViteDevServer;
let app: ReturnType<typeof createApp>;
let code: string;
const clock = new ManualClock("2026-03-10T12:00:00Z");
const PASSWORD = "till roll paper";
let ip = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const basics = await insertCatalogBasics(database.db);
  const deal = await insertDeal(database.db, basics, { headline: "Hot stone massage" });
  code = (await insertVoucher(database.db, deal)).code;
  const invitation = await inviteMerchantUser(database.db, clock, { merchantId: basics.merchant.id, email: "till@example.com", name: "Tilly", brand: "wowcher", linkOrigin: "https://www.wowcher.co.uk" });
  await acceptInvitation(database.db, clock, { token: decodeURIComponent(invitation.url.split("/invitation/")[1]), password: PASSWORD });
  vite = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: "custom", logLevel: "error" });
  const ssr = vite.environments.ssr as unknown as { runner: { import(id: string): Promise<unknown> } };
  const build = (await ssr.runner.import("virtual:react-router/server-build")) as ServerBuild;
  app = createApp(
    { database, clock, config: loadConfig({ NODE_ENV: "test", TRUST_PROXY: "on", PUBLIC_ORIGIN_WOWCHER: "https://www.wowcher.co.uk" }), logger: pino({ level: "silent" }) },
    { build, clientDir: "public" },
  );
}, 120_000);

afterAll(async () => {
  await vite?.close();
  await database?.dispose();
});

function browser() {
  ip += 1;
  return new TestBrowser(app, { ip: `203.0.113.${ip}` });
}

async function signedInMerchant() {
  const till = browser();
  const response = await till.request("/merchant/login", { method: "POST", form: { _csrf: await till.csrfToken(), email: "till@example.com", password: PASSWORD } });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/merchant");
  till.refreshCsrf();
  return till;
}

async function atTill(till: TestBrowser, intent: string) {
  const response = await till.request("/merchant?index", { method: "POST", form: { _csrf: await till.csrfToken(), intent, code } });
  return { status: response.status, html: await response.text() };
}

describe("the merchant portal", () => {
  it("sends visitors and signed-in shoppers to the portal's own sign-in", async () => {
    const guest = browser();
    const response = await guest.request("/merchant/sales");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/merchant/login?redirectUrl=%2Fmerchant%2Fsales");
    const shopper = browser();
    await signInAs(shopper, database.db, await insertCustomer(database.db), clock);
    expect((await shopper.request("/merchant")).headers.get("location")).toBe("/merchant/login?redirectUrl=%2Fmerchant");
  });

  it("signs a merchant user in with its own cookie, which never makes them a shopper", async () => {
    const till = await signedInMerchant();
    expect(till.cookies.has("merchantSession")).toBe(true);
    expect(till.cookies.has("session")).toBe(false);
    const page = await till.request("/merchant");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("permissions-policy")).toContain("camera=(self)");
    expect(await page.text()).toContain("Signed in as <!-- -->Tilly");
    expect((await till.request("/myaccount")).headers.get("location")).toBe("/login");
    expect((await till.request("/login")).headers.get("permissions-policy")).toContain("camera=()");
  });

  it("answers a wrong password like the shop does", async () => {
    const visitor = browser();
    const response = await visitor.request("/merchant/login", { method: "POST", form: { _csrf: await visitor.csrfToken(), email: "till@example.com", password: "wrong password" } });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain("Invalid email/password. Please try again.");
  });

  it("looks up a code, redeems it once, and says so the second time", async () => {
    const till = await signedInMerchant();
    const lookup = await atTill(till, "lookup");
    expect(lookup.status).toBe(200);
    expect(lookup.html).toContain("Hot stone massage");
    expect(lookup.html).toContain("Ready to Redeem");
    const redeemed = await atTill(till, "redeem");
    expect(redeemed.html).toContain("Redeemed. The voucher can&#x27;t be used again.");
    const again = await atTill(till, "redeem");
    expect(again.status).toBe(409);
    expect(again.html).toContain("This voucher was already redeemed on 10 March 2026 at 12:00.");
    expect(await (await till.request("/merchant/redemptions")).text()).toContain(code);
  });

  it("refuses a form without the CSRF token", async () => {
    const till = await signedInMerchant();
    const response = await till.request("/merchant?index", { method: "POST", form: { intent: "redeem", code }, csrf: false });
    expect(response.status).toBe(403);
  });

  it("downloads the statement as CSV", async () => {
    const till = await signedInMerchant();
    const response = await till.request("/merchant/statement.csv?from=2026-03-01&to=2026-03-31");
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="statement-2026-03-01-to-2026-03-31.csv"');
    expect(await response.text()).toContain("GBP,1,19.00,0,0.00,20.00,3.80,15.20");
  });

  it("signs out of the portal only", async () => {
    const till = await signedInMerchant();
    const response = await till.request("/merchant/logout", { method: "POST", form: { _csrf: await till.csrfToken() } });
    expect(response.headers.get("location")).toBe("/merchant/login");
    expect(till.cookies.has("merchantSession")).toBe(false);
    expect((await till.request("/merchant")).status).toBe(302);
  });
});

describe("GET /v1/merchant-dashboard-url", () => {
  it("answers the portal's absolute address from the configured origin, whatever the Host header", async () => {
    const visitor = browser();
    const answer = await visitor.api("GET", "/v1/merchant-dashboard-url?merchantType=travel", undefined, { headers: { host: "evil.example" } });
    expect(answer).toMatchObject({ status: 200, body: { url: "https://www.wowcher.co.uk/merchant" } });
  });

  it.each(["", "?merchantType=restaurant"])("refuses %j with a clear message", async (query) => {
    const answer = await browser().api("GET", `/v1/merchant-dashboard-url${query}`);
    expect(answer).toMatchObject({ status: 400, body: { error: { code: "UNKNOWN_MERCHANT_TYPE", message: "Unknown merchant type. Use one of: local, travel, shop." } } });
  });
});
