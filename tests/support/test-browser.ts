import type { Hono } from "hono";
import pino from "pino";
import type { Clock } from "../../lib/clock";
import { loadConfig } from "../../lib/config";
import type { GoogleKeys } from "../../modules/accounts/google";
import { createApp } from "../../server/app";
import type { AppEnv } from "../../server/context";
import { insertCatalogBasics } from "./catalog-fixtures";
import { createTestDatabase, type TestDatabase } from "./test-db";

/** The app as integration tests drive it: no pages, a proxy in front (so tests choose client IPs). */
export function createTestBrowserApp(database: TestDatabase, clock: Clock, options: { env?: Record<string, string>; googleKeys?: GoogleKeys } = {}) {
  return createApp({
    database,
    clock,
    config: loadConfig({ NODE_ENV: "test", TRUST_PROXY: "on", ...options.env }),
    logger: pino({ level: "silent" }),
    googleKeys: options.googleKeys,
  });
}

/** An API test's shop: a fresh database with the catalogue basics and the app (no pages) on it. */
export async function openShopApi(clock: Clock) {
  const database = await createTestDatabase();
  const basics = await insertCatalogBasics(database.db);
  return { database, basics, app: createTestBrowserApp(database, clock) };
}

let browsersMade = 0;

/** A browser from an address no other browser of this test file came from (198.51.100.1, .2, …), so per-IP limits never join two tests. */
export function browserFromNewIp(app: Hono<AppEnv>): TestBrowser {
  browsersMade += 1;
  return new TestBrowser(app, { ip: `198.51.100.${browsersMade}` });
}

interface RequestOptions {
  method?: string;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** Send the CSRF header on a mutating request (default: true). */
  csrf?: boolean;
}

/**
 * A browser for in-process requests: keeps cookies like a browser does (Set-Cookie in, Cookie out),
 * comes from its own IP, and fetches the CSRF token from /v1/user/session for mutating calls.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  private csrf: string | null = null;

  constructor(
    private readonly app: Hono<AppEnv>,
    private readonly options: { ip?: string; host?: string } = {},
  ) {}

  async request(path: string, options: RequestOptions = {}): Promise<Response> {
    const method = options.method ?? "GET";
    // Fetch the token first: fetching it may set the CSRF cookie this request must carry.
    const csrf = method !== "GET" && options.csrf !== false ? await this.csrfToken() : undefined;
    const headers: Record<string, string> = {
      host: this.options.host ?? "wowcher.co.uk",
      "x-forwarded-for": this.options.ip ?? "198.51.100.1",
      ...options.headers,
    };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    let body: string | undefined;
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(options.form).toString();
    }
    if (csrf && headers["x-csrf-token"] === undefined) headers["x-csrf-token"] = csrf;
    const response = await this.app.request(path, { method, headers, body });
    this.keepCookies(response);
    return response;
  }

  /** JSON body and status of an API call. */
  async api<T = Record<string, unknown>>(method: string, path: string, json?: unknown, options: Omit<RequestOptions, "method" | "json"> = {}) {
    const response = await this.request(path, { ...options, method, json });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as T };
  }

  async csrfToken(): Promise<string> {
    if (!this.csrf) {
      const response = await this.request("/v1/user/session");
      this.csrf = ((await response.json()) as { csrfToken: string }).csrfToken;
    }
    return this.csrf;
  }

  /** Forget the cached CSRF token (it changes when the session does). */
  refreshCsrf(): void {
    this.csrf = null;
  }

  private keepCookies(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";");
      const [name, ...value] = pair.split("=");
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join("="));
      if (name.trim() === "session") this.csrf = null;
    }
  }
}
