import { brotliDecompressSync, gunzipSync } from "node:zlib";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import type { Clock } from "../../lib/clock";
import { loadConfig } from "../../lib/config";
import { createApp } from "../../server/app";
import type { TestDatabase } from "./test-db";

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

/** A page's HTML, whatever compression the app chose. */
export async function pageHtml(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get("content-encoding");
  return (encoding === "br" ? brotliDecompressSync(bytes) : encoding === "gzip" ? gunzipSync(bytes) : bytes).toString("utf8");
}

/** A page's visible text, tags dropped, for assertions a reader would make. */
export const pageText = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/<!-- -->/g, "").replace(/\s+/g, " ");
