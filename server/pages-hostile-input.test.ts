/**
 * Hostile input on the server-rendered pages (the route modules compiled by Vite, as in
 * production): each hostile value in each dynamic part of every route, in the query strings pages
 * read, and in form fields. Every answer must be below 500.
 */
import pino from "pino";
import type { ServerBuild } from "react-router";
import { type ViteDevServer, createServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../lib/config";
import { insertCustomer, insertSellable, signInAs } from "../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../tests/support/catalog-fixtures";
import { HOSTILE_URL_VALUES } from "../tests/support/hostile-values";
import { ManualClock } from "../tests/support/manual-clock";
import { TestBrowser } from "../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-db";
import { createApp } from "./app";

let database: TestDatabase;
let vite: ViteDevServer;
let browser: TestBrowser;
const clock = new ManualClock(new Date());

/** Every route of app/routes.ts with a plausible value in each dynamic part, marked {…}. */
const ROUTES = [
  "/{home}",
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/activate-password",
  "/unsubscribe",
  "/myaccount/{page}",
  "/myaccount/vouchers/{id}",
  "/wishlist",
  "/checkout/{basketToken}",
  "/order-confirmation/{orderId}",
  "/deal/print-voucher",
  "/recently-viewed",
  "/search",
  "/deals/{location}/{category}",
  "/near-me/{category}",
  "/{location}/gift-finder/{recipient}",
  "/deal/{location}/gift-finder/{recipient}",
  "/{x}/{location}/special/{slug}",
  "/email-deals/{location}",
  "/deal/{location}/{category}/{sub}/{id}/{slug}",
  "/email-deal/{location}/{id}",
  "/deal-preview/{token}",
  "/page/{slug}",
  "/guides/{guide}",
  "/gifts",
  "/location",
  "/sitemap/{file}",
  "/img/redemption/{file}",
  "/refer/{code}",
];
const SAMPLE: Record<string, string> = { location: "london", category: "beauty", page: "profile", id: "1", orderId: "1", file: "deals.xml" };
/** Query strings pages read, on the pages that read them. */
const QUERIES: Record<string, string[]> = {
  "/": ["brand", "ct"],
  "/login": ["redirectUrl"],
  "/register": ["redirectUrl"],
  "/reset-password": ["token"],
  "/unsubscribe": ["token"],
  "/search": ["q", "page", "sort"],
  "/deals/london": ["page", "sort"],
  "/checkout/x": ["restarted"],
  "/myaccount/vouchers": ["page", "filter"],
  "/deal/print-voucher": ["voucherId"],
  "/deal/london/beauty/spa/1/x": ["productId"],
  "/london/gift-finder": ["personality", "price", "page"],
};

const fill = (route: string, overrides: Record<string, string> = {}) =>
  route.replace(/\{(\w+)\}/g, (_, name: string) => overrides[name] ?? SAMPLE[name] ?? "x");

let address = 0;
async function answer(path: string, init: { method?: string; form?: Record<string, string> } = {}) {
  address += 1;
  const response = await browser.request(path, { ...init, headers: { "x-forwarded-for": `10.9.${(address >> 8) & 255}.${address & 255}` } });
  await response.arrayBuffer();
  return response.status;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await insertSellable(database.db, await insertCatalogBasics(database.db));
  vite = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: "custom", logLevel: "error" });
  const ssr = vite.environments.ssr as unknown as { runner: { import(id: string): Promise<unknown> } };
  const build = (await ssr.runner.import("virtual:react-router/server-build")) as ServerBuild;
  const app = createApp(
    { database, clock, config: loadConfig({ NODE_ENV: "test", TRUST_PROXY: "on" }), logger: pino({ level: "silent" }) },
    { build, clientDir: "public" },
  );
  browser = new TestBrowser(app);
  await signInAs(browser, database.db, await insertCustomer(database.db), clock);
}, 120_000);

afterAll(async () => {
  await vite?.close();
  await database?.dispose();
});

describe("hostile input on pages", () => {
  it("answers the review's examples below 500, and NUL bytes with 400", async () => {
    for (const path of ["/deals/%00", "/search?q=a%00b", "/login?redirectUrl=%00"]) expect(await answer(path), path).toBe(400);
    for (const path of ["/search?q=%ED%A0%80", "/login?redirectUrl=/%EF%BC%8F%EF%BC%8Fx", "/login?redirectUrl=//evil.example"]) {
      expect(await answer(path), path).toBeLessThan(500);
    }
  });

  it("never answers 500 to hostile paths, query strings or form fields", async () => {
    const problems: string[] = [];
    const check = async (path: string, init?: { method?: string; form?: Record<string, string> }) => {
      const status = await answer(path, init);
      if (status >= 500) problems.push(`${init?.method ?? "GET"} ${path} ${JSON.stringify(init?.form ?? "")} → ${status}`);
    };
    for (const value of HOSTILE_URL_VALUES) {
      for (const route of ROUTES) {
        for (const name of route.match(/\{(\w+)\}/g) ?? []) await check(fill(route, { [name.slice(1, -1)]: value }));
      }
      for (const [path, names] of Object.entries(QUERIES)) {
        for (const name of names) await check(`${path}?${name}=${value}`);
      }
    }
    for (const route of ["/login", "/register", "/forgot-password", "/myaccount/profile", "/myaccount/password"]) {
      for (const value of ["a\u0000b", "\ud800", "/／／x", "//evil.example", "2147483648"]) {
        const form = { email: value, password: value, firstName: value, lastName: value, city: value, redirectUrl: value, currentPassword: value };
        await check(`${route}?redirectUrl=${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ""))}`, { method: "POST", form });
      }
    }
    expect(problems).toEqual([]);
  }, 900_000);
});
