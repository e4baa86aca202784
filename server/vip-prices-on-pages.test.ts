/**
 * VIP prices on real server-rendered pages behind the real shared page cache: a signed-in VIP
 * member sees VIP prices, and nobody else ever gets that page (spec discovery §6; DESIGN "Anonymous
 * pages are cacheable"). The pages come from the app's own route modules, compiled by Vite.
 */
import { eq } from "drizzle-orm";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { type ViteDevServer, createServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../lib/config";
import { customers } from "../modules/accounts/schema";
import { deals, products } from "../modules/catalog/schema";
import { insertCatalogBasics, insertDeal } from "../tests/support/catalog-fixtures";
import { ManualClock } from "../tests/support/manual-clock";
import { TestBrowser } from "../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-db";
import { createApp } from "./app";
import { createPageCache } from "./page-cache-setup";

let database: TestDatabase;
let vite: ViteDevServer;
let build: ServerBuild;
let dealPath: string;
const clock = new ManualClock("2026-11-21T10:00:00Z");

/** The deal costs £19.00; members pay £15.00. */
const VIP_PRICE = "£15.00";
const PRICE = "£19.00";

beforeAll(async () => {
  database = await createTestDatabase();
  const basics = await insertCatalogBasics(database.db);
  const deal = await insertDeal(database.db, basics, {
    headline: "Spa day with VIP price",
    price: 1900,
    originalPrice: 4500,
    vipPrice: 1500,
    vipDiscountPercentage: 66,
    vipDiscountAllowed: true,
  });
  await database.db.update(products).set({ vipPrice: 1500 }).where(eq(products.dealId, deal.id));
  dealPath = `/deal/london/beauty/spa/${deal.id}/spa-day`;
  await database.db.update(deals).set({ urlPath: dealPath }).where(eq(deals.id, deal.id));
  vite = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: "custom", logLevel: "error" });
  const ssr = vite.environments.ssr as unknown as { runner: { import(id: string): Promise<unknown> } };
  build = (await ssr.runner.import("virtual:react-router/server-build")) as ServerBuild;
}, 120_000);

afterAll(async () => {
  await vite?.close();
  await database?.dispose();
});

function site(withCache: boolean) {
  return createApp(
    { database, clock, config: loadConfig({ NODE_ENV: "test", TRUST_PROXY: "on" }), logger: pino({ level: "silent" }) },
    { build, clientDir: "public", cache: withCache ? createPageCache(8) : undefined },
  );
}

/** A signed-in customer's browser; `vip` makes the account a VIP member. */
async function member(app: ReturnType<typeof site>, email: string, vip: boolean): Promise<TestBrowser> {
  const browser = new TestBrowser(app, { ip: `198.51.100.${email.length}` });
  const registered = await browser.api("POST", "/v1/register", { firstName: "Vera", lastName: "Ip", email, password: "correct horse" });
  expect(registered.status).toBe(201);
  await database.db.update(customers).set({ vipUser: vip }).where(eq(customers.email, email));
  return browser;
}

async function page(browser: TestBrowser, path: string) {
  const response = await browser.request(path);
  expect(response.status).toBe(200);
  return { html: await response.text(), cache: response.headers.get("x-page-cache"), cacheControl: response.headers.get("cache-control") };
}

/** The tile or deal price as rendered (React may put a comment between text parts). */
const shownPrice = (html: string) => /data-testid="(?:tile|deal)-price"[^>]*>(?:<!-- -->)?([^<]+)/.exec(html)?.[1];

describe("VIP prices on cached pages", () => {
  it("shows a VIP member VIP prices and never lets an anonymous visitor get that page", async () => {
    const app = site(true);
    const vip = await member(app, "vera.vip@example.com", true);

    // The member comes first: had their page been stored, the guest below would be served it.
    const forMember = await page(vip, "/deals/london");
    expect(shownPrice(forMember.html)).toBe(VIP_PRICE);
    expect(forMember.html).toMatch(/>VIP<\/span>/);
    expect(forMember.cache).toBeNull();
    expect(forMember.cacheControl).toBe("private, no-store");

    const guest = new TestBrowser(app, { ip: "198.51.100.200" });
    const forGuest = await page(guest, "/deals/london");
    expect(forGuest.cache).toBe("MISS");
    expect(shownPrice(forGuest.html)).toBe(PRICE);
    expect(forGuest.html).not.toContain(VIP_PRICE);
    const again = await page(guest, "/deals/london");
    expect(again.cache).toBe("HIT");
    expect(again.html).not.toContain(VIP_PRICE);

    // With the guest's page in the cache, the member still gets their own.
    expect(shownPrice((await page(vip, "/deals/london")).html)).toBe(VIP_PRICE);
    expect(shownPrice((await page(vip, dealPath)).html)).toBe(VIP_PRICE);
    expect(shownPrice((await page(guest, dealPath)).html)).toBe(PRICE);
  });

  it("shows a signed-in customer who is not VIP the normal price", async () => {
    const app = site(true);
    const customer = await member(app, "norm.customer@example.com", false);
    const { html } = await page(customer, "/deals/london");
    expect(shownPrice(html)).toBe(PRICE);
    expect(html).not.toContain(VIP_PRICE);
  });

  it("keeps a member's page out of shared caches even with the page cache switched off", async () => {
    const app = site(false);
    const vip = await member(app, "vic.vip@example.com", true);
    const forMember = await page(vip, "/deals/london");
    expect(shownPrice(forMember.html)).toBe(VIP_PRICE);
    expect(forMember.cacheControl).toBe("private, no-store");
    const forGuest = await page(new TestBrowser(app, { ip: "198.51.100.201" }), "/deals/london");
    expect(forGuest.cacheControl).toMatch(/^public/);
    expect(forGuest.html).not.toContain(VIP_PRICE);
  });
});
