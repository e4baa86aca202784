/**
 * Security on real server-rendered pages (the app's own route modules, compiled by Vite): absolute
 * links from the configured origin whatever the Host header says, a CSP nonce on every inline
 * script that matches the response's header, fresh for every answer from the page cache, and the
 * demo banner.
 */
import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { type ViteDevServer, createServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../lib/config";
import { deals } from "../modules/catalog/schema";
import { insertCatalogBasics, insertDeal } from "../tests/support/catalog-fixtures";
import { ManualClock } from "../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-db";
import { createApp } from "./app";
import { createPageCache } from "./page-cache-setup";

let database: TestDatabase;
let vite: ViteDevServer;
let build: ServerBuild;
let dealPath: string;
const clock = new ManualClock("2026-11-21T10:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  const basics = await insertCatalogBasics(database.db);
  const deal = await insertDeal(database.db, basics, { headline: "Spa day for two", price: 1900, originalPrice: 4500 });
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

function site(env: Record<string, string> = {}) {
  return createApp(
    { database, clock, config: loadConfig({ NODE_ENV: "test", PUBLIC_ORIGIN_WOWCHER: "https://www.wowcher.co.uk", ...env }), logger: pino({ level: "silent" }) },
    { build, clientDir: "public", cache: env.PAGE_CACHE === "off" ? undefined : createPageCache(8) },
  );
}

async function get(app: ReturnType<typeof site>, path: string, headers: Record<string, string> = {}) {
  const response = await app.request(path, { headers: { host: "wowcher.co.uk", ...headers } });
  expect(response.status).toBe(200);
  // In-process requests get the bytes as sent: undo the compression a browser would undo.
  const bytes = Buffer.from(await response.arrayBuffer());
  const length = response.headers.get("content-length");
  if (length !== null) expect(Number(length)).toBe(bytes.byteLength);
  const encoding = response.headers.get("content-encoding");
  const html = (encoding === "br" ? brotliDecompressSync(bytes) : encoding === "gzip" ? gunzipSync(bytes) : bytes).toString("utf8");
  return { response, html };
}

/** The nonce the response's Content-Security-Policy allows, and the nonces of the page's scripts. */
function nonces(response: Response, html: string) {
  const allowed = /script-src [^;]*'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map(([, attributes]) => /\bnonce="([^"]*)"/.exec(attributes)?.[1] ?? null);
  return { allowed, scripts };
}

describe("absolute links on pages", () => {
  it("use the configured origin, not the Host header", async () => {
    const app = site();
    const { html } = await get(app, dealPath, { host: "evil.example" });
    expect(html).toContain(`<link rel="canonical" href="https://www.wowcher.co.uk${dealPath}"/>`);
    expect(html).toContain(`<meta property="og:url" content="https://www.wowcher.co.uk${dealPath}"/>`);
    expect(html).not.toContain("evil.example");
    const robots = await (await app.request("/robots.txt", { headers: { host: "evil.example" } })).text();
    expect(robots).toContain("Sitemap: https://www.wowcher.co.uk/sitemap.xml");
  });
});

describe("inline scripts", () => {
  it("all carry the nonce of the response's Content-Security-Policy", async () => {
    const { response, html } = await get(site({ PAGE_CACHE: "off" }), "/deals/london");
    const { allowed, scripts } = nonces(response, html);
    expect(allowed).toMatch(/^[A-Za-z0-9+/=]{24}$/);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((nonce) => nonce === allowed)).toBe(true);
  });

  it("are allowed by their hashes when the page cache answers, and no nonce is ever sent twice", async () => {
    const app = site();
    const answers = [];
    for (const acceptEncoding of ["gzip, br", "gzip", "identity"]) {
      const { response, html } = await get(app, dealPath, { "accept-encoding": acceptEncoding });
      const policy = response.headers.get("content-security-policy") ?? "";
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !/\bsrc=/.test(attributes));
      answers.push({ cache: response.headers.get("x-page-cache"), policy, inline });
    }
    expect(answers.map((answer) => answer.cache)).toEqual(["MISS", "HIT", "HIT"]);
    for (const { policy, inline } of answers) {
      expect(policy).not.toContain("'nonce-");
      expect(inline.length).toBeGreaterThan(0);
      for (const [, attributes, body] of inline) {
        expect(attributes).not.toContain("nonce=");
        expect(policy).toContain(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
      }
    }
  });
});

describe("the demo banner", () => {
  it("says on every page that it is a demo, and links the mailbox", async () => {
    const { html } = await get(site({ DEMO: "on" }), "/deals/london");
    expect(html).toMatch(/<aside aria-label="Demo shop"[^>]*><strong>Demo shop:<\/strong>/);
    expect(html).toContain('href="/dev/mailbox"');
    expect((await get(site(), "/deals/london")).html).not.toContain("Demo shop");
  });
});
