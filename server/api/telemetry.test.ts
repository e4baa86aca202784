import { asc } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock";
import { loadConfig } from "../../lib/config";
import { telemetryEvents } from "../../modules/telemetry/schema";
import { createTestBrowserApp, TestBrowser } from "../../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";

let database: TestDatabase;
let app: ReturnType<typeof createTestBrowserApp>;
const clock = fixedClock("2026-11-24T10:00:00Z");
const ORIGIN = loadConfig({ NODE_ENV: "test" }).publicOrigins.wowcher;
const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const BOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
let ipCounter = 1;

beforeAll(async () => {
  database = await createTestDatabase();
  app = createTestBrowserApp(database, clock, { env: { METRICS_TOKEN: "metrics-secret-for-tests" } });
});

afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.delete(telemetryEvents);
});

/** A shopper's browser on its own IP (each test its own, so the per-IP limit is the test's own). */
function shopper(userAgent = BROWSER_UA, host?: string) {
  const browser = new TestBrowser(app, { ip: `203.0.113.${ipCounter++}`, host });
  const headers = { "user-agent": userAgent, origin: ORIGIN, "sec-fetch-site": "same-origin", referer: `${ORIGIN}/deals/london?ct=secret-token-in-url` };
  return { browser, post: (path: string, json: unknown, extra: Record<string, string> = {}) => browser.api("POST", path, json, { headers: { ...headers, ...extra } }) };
}

const stored = () => database.db.select().from(telemetryEvents).orderBy(asc(telemetryEvents.id));

describe("POST /v1/notFoundHit", () => {
  it("stores a not-found hit with the brand, the user agent and the time, path without its query", async () => {
    const { post } = shopper(BROWSER_UA, "www.livingsocial.co.uk");
    const response = await post("/v1/notFoundHit", { pageNotFound: "/deals/nowhere?ct=abc", userAgent: BROWSER_UA, brand: "livingsocial", dateTime: "24/November/2026 10:00:00" });
    expect(response.status).toBe(204);
    const [event] = await stored();
    expect(event).toMatchObject({ kind: "not_found", brand: "livingsocial", userAgent: BROWSER_UA, path: "/deals/nowhere", createdAt: clock.now() });
    expect(event.detail).toEqual({ dateTime: "24/November/2026 10:00:00" });
  });

  it("reports a search bot by its user agent, with the reason 'This is a bot'", async () => {
    const { post } = shopper(BOT_UA);
    expect((await post("/v1/notFoundHit", { pageNotFound: "/old-page" })).status).toBe(204);
    const [event] = await stored();
    expect(event).toMatchObject({ kind: "bot", brand: "wowcher", userAgent: BOT_UA, path: "/old-page", detail: { reason: "This is a bot" } });
  });

  it("takes the page's own bot report (reason 'This is a bot')", async () => {
    const { post } = shopper();
    expect((await post("/v1/notFoundHit", { pageNotFound: "/x", reason: "This is a bot" })).status).toBe(204);
    expect((await stored())[0].kind).toBe("bot");
  });

  it("answers 400 without pageNotFound or with an over-long field, and stores nothing", async () => {
    const { post } = shopper();
    const missing = await post("/v1/notFoundHit", { userAgent: "x" });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: { code: "VALIDATION_ERROR", message: expect.stringContaining("pageNotFound") } });
    const long = await post("/v1/notFoundHit", { pageNotFound: "/a", additionalData: "x".repeat(2001) });
    expect(long.status).toBe(400);
    expect(await stored()).toEqual([]);
  });
});

describe("POST /v1/log", () => {
  it("never stores the basket or customer token, nor the IP: tokens become fingerprints", async () => {
    const { post } = shopper();
    const bt = "basket-token-0123456789abcdef";
    const ct = "customer-token-0123456789abcdef";
    const response = await post("/v1/log", { brand: "wowcher", bt, ct, client: "web", dateTime: "24/November/2026 10:00:00", description: "checkout opened", ip: "203.0.113.9", server: "node" });
    expect(response.status).toBe(204);
    const [event] = await stored();
    const row = JSON.stringify(event);
    expect(row).not.toContain(bt);
    expect(row).not.toContain(ct);
    expect(row).not.toContain("203.0.113.9");
    expect(event).toMatchObject({ kind: "log", brand: "wowcher", path: "/deals/london", detail: { description: "checkout opened", client: "web", server: "node" } });
    expect(event.detail.bt).toMatch(/^sha256:[0-9a-f]{12}$/);
    expect(event.detail.ct).toMatch(/^sha256:[0-9a-f]{12}$/);
    expect(event.detail.bt).not.toBe(event.detail.ct);
  });

  it("needs a description", async () => {
    const { post } = shopper();
    expect((await post("/v1/log", { client: "web" })).status).toBe(400);
  });
});

describe("POST /v1/errorLog", () => {
  it("stores a client error with its message and the page it happened on, cut to size", async () => {
    const { post } = shopper();
    const stack = `TypeError: x is undefined\n${"    at f (app.js:1:1)\n".repeat(150)}`;
    const response = await post("/v1/errorLog", { message: "x is undefined", name: "TypeError", error: stack, referrer: `${ORIGIN}/deals/london?bt=secret`, client: "web", userAgent: BROWSER_UA });
    expect(response.status).toBe(204);
    const [event] = await stored();
    expect(event).toMatchObject({ kind: "client_error", brand: "wowcher", userAgent: BROWSER_UA, path: "/deals/london" });
    expect(event.detail).toMatchObject({ message: "x is undefined", name: "TypeError", referrer: `${ORIGIN}/deals/london` });
    expect(String(event.detail.error)).toHaveLength(1000);
  });

  it("refuses a report without the CSRF token, from another origin or another site", async () => {
    const { browser, post } = shopper();
    const noToken = await browser.api("POST", "/v1/errorLog", { message: "m" }, { csrf: false, headers: { origin: ORIGIN } });
    expect(noToken.status).toBe(403);
    const foreign = await post("/v1/errorLog", { message: "m" }, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ error: { code: "FOREIGN_ORIGIN" } });
    const crossSite = await post("/v1/errorLog", { message: "m" }, { "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect(await stored()).toEqual([]);
  });

  it("refuses a body above 8 KB with 413", async () => {
    const { post } = shopper();
    const response = await post("/v1/errorLog", { message: "m", padding: "x".repeat(9000) });
    expect(response.status).toBe(413);
    expect(await stored()).toEqual([]);
  });
});

describe("rate limit", () => {
  it("refuses the 61st report from one IP within 10 minutes with 429 and Retry-After; another IP still reports", async () => {
    const { post } = shopper();
    for (let i = 0; i < 60; i++) expect((await post("/v1/notFoundHit", { pageNotFound: `/p${i}` })).status).toBe(204);
    const limited = await post("/v1/notFoundHit", { pageNotFound: "/one-too-many" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await stored()).toHaveLength(60);
    expect((await shopper().post("/v1/notFoundHit", { pageNotFound: "/other" })).status).toBe(204);
  });
});

describe("metrics", () => {
  it("counts stored reports by kind and brand in telemetry_events_total", async () => {
    await shopper().post("/v1/errorLog", { message: "counted" });
    await shopper(BOT_UA, "www.wowcher.ie").post("/v1/notFoundHit", { pageNotFound: "/gone" });
    const response = await app.request("/metrics", { headers: { authorization: "Bearer metrics-secret-for-tests" } });
    const text = await response.text();
    const value = (kind: string, brand: string) => Number(new RegExp(`^telemetry_events_total\\{kind="${kind}",brand="${brand}"\\} (\\d+)$`, "m").exec(text)?.[1] ?? 0);
    expect(value("client_error", "wowcher")).toBeGreaterThanOrEqual(1);
    expect(value("bot", "wowcherie")).toBe(1);
  });
});
