import { brotliDecompressSync, gunzipSync } from "node:zlib";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import type { Clock } from "../../lib/clock";
import { loadConfig } from "../../lib/config";
import { locations } from "../../modules/catalog/schema";
import { createApp } from "../../server/app";
import { insertCatalogBasics } from "./catalog-fixtures";
import { createTestDatabase, type TestDatabase } from "./test-db";

export type PageApp = ReturnType<typeof createApp>;

/**
 * The whole app (pages and API) on a test database, the pages compiled on the fly by Vite's SSR
 * runner: what page tests drive with a TestBrowser. `close()` stops Vite (the caller disposes the database).
 */
export async function startPageApp(database: TestDatabase, clock: Clock, env: Record<string, string> = {}): Promise<{ app: PageApp; close(): Promise<void> }> {
  const vite: ViteDevServer = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: "custom", logLevel: "error" });
  const ssr = vite.environments.ssr as unknown as { runner: { import(id: string): Promise<unknown> } };
  const build = (await ssr.runner.import("virtual:react-router/server-build")) as ServerBuild;
  const config = loadConfig({ NODE_ENV: "test", TRUST_PROXY: "on", ...env });
  const app = createApp({ database, clock, config, logger: pino({ level: "silent" }) }, { build, clientDir: "public" });
  return { app, close: () => vite.close() };
}

/**
 * A page test's shop: a fresh database with the catalogue basics (the page shell needs the brands'
 * default locations; `dublinSouthId` adds livingsocialie's, which the basics leave out) and the
 * whole app on it. `close()` stops the app and drops the database.
 */
export async function openShopPages(clock: Clock, options: { dublinSouthId?: number; env?: Record<string, string> } = {}) {
  const database = await createTestDatabase();
  const basics = await insertCatalogBasics(database.db);
  if (options.dublinSouthId !== undefined) {
    await database.db.insert(locations).values({ id: options.dublinSouthId, name: "Dublin South", shortName: "dublin-south", countryCode: "IE", lat: 53.27, lon: -6.25 });
  }
  const { app, close } = await startPageApp(database, clock, options.env);
  return {
    database,
    basics,
    app,
    close: async () => {
      await close();
      await database.dispose();
    },
  };
}

/** A page's HTML, whatever compression the app chose. */
export async function pageHtml(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get("content-encoding");
  return (encoding === "br" ? brotliDecompressSync(bytes) : encoding === "gzip" ? gunzipSync(bytes) : bytes).toString("utf8");
}

/** A page's visible text, tags dropped, for assertions a reader would make. */
export const pageText = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/<!-- -->/g, "").replace(/\s+/g, " ");
