import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../lib/clock";
import { loadConfig } from "../lib/config";
import { listMailbox } from "../modules/mail/mailbox";
import { createTestBrowserApp, TestBrowser } from "../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-db";
import { createApp } from "./app";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database.dispose());

/** The bindings @hono/node-server gives a request that arrived on a socket from this address. */
function socketFrom(address: string) {
  return { incoming: { socket: { remoteAddress: address, remotePort: 50000, remoteFamily: address.includes(":") ? "IPv6" : "IPv4" } } };
}

function appWith(env: Record<string, string>) {
  return createApp({ database, clock: systemClock, config: loadConfig(env), logger: pino({ level: "silent" }) });
}

describe("links in emails", () => {
  it("point to the brand's configured origin, whatever Host the request names", async () => {
    const app = createTestBrowserApp(database, systemClock, { env: { PUBLIC_ORIGIN_WOWCHER: "https://shop.wowcher.example" } });
    const email = "hostile.host@example.com";
    const password = "correct horse battery";
    await new TestBrowser(app, { ip: "198.51.100.10" }).api("POST", "/v1/register", { firstName: "Ann", lastName: "Smith", email, password, confirmPassword: password });
    const attacker = new TestBrowser(app, { ip: "198.51.100.11", host: "evil.example" });
    await attacker.api("POST", "/v1/user/password_reset_request", { email });
    const message = (await listMailbox(database.db)).find((m) => m.to === email && /reset-password/.test(m.text));
    expect(message?.text).toMatch(/https:\/\/shop\.wowcher\.example\/reset-password\?token=/);
    expect(message?.text).not.toContain("evil.example");
  });

  it("are https behind a TLS proxy only when that proxy is trusted", async () => {
    const local = { PUBLIC_ORIGIN_WOWCHER: "http://localhost:3000" };
    const trusted = createTestBrowserApp(database, systemClock, { env: local });
    const untrusted = createTestBrowserApp(database, systemClock, { env: { ...local, TRUST_PROXY: "off" } });
    const reset = async (app: typeof trusted, email: string) => {
      const password = "correct horse battery";
      await new TestBrowser(app, { ip: "198.51.100.12" }).api("POST", "/v1/register", { firstName: "Ann", lastName: "Smith", email, password, confirmPassword: password });
      await new TestBrowser(app, { ip: "198.51.100.13" }).api("POST", "/v1/user/password_reset_request", { email }, { headers: { "x-forwarded-proto": "https" } });
      return (await listMailbox(database.db)).find((m) => m.to === email && /reset-password/.test(m.text))?.text ?? "";
    };
    expect(await reset(trusted, "behind.proxy@example.com")).toContain("https://localhost:3000/reset-password?token=");
    expect(await reset(untrusted, "no.proxy@example.com")).toContain("http://localhost:3000/reset-password?token=");
  });
});

describe("security headers", () => {
  it("forbid framing, sniffing and inline scripts without this response's nonce", async () => {
    const response = await appWith({ NODE_ENV: "test" }).request("/v1/location");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("send HSTS in a real production only", async () => {
    const production = await appWith({ NODE_ENV: "production", DATABASE_URL: "postgres://app@db:5432/shop" }).request("/healthz");
    expect(production.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const demo = await appWith({ NODE_ENV: "production" }).request("/healthz");
    expect(demo.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("request bodies", () => {
  const app = () => createTestBrowserApp(database, systemClock);

  it("above 64 KB are refused with 413 from the declared length, before a byte is read", async () => {
    let pulled = 0;
    // A 100 MB body that would take a long time to send: the answer comes after at most one chunk.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024 * 1024));
        if (pulled === 100) controller.close();
      },
    });
    const response = await app().request("/v1/login", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(100 * 1024 * 1024) },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: { code: "PAYLOAD_TOO_LARGE", message: "The request body is larger than 64 KB." } });
    expect(pulled).toBeLessThanOrEqual(2);
  });

  it("sent without a length stop being read as soon as they pass 64 KB, on the API and on page forms", async () => {
    for (const [path, type] of [
      ["/v1/login", "application/json"],
      ["/forgot-password", "application/x-www-form-urlencoded"],
    ]) {
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 1;
          controller.enqueue(new Uint8Array(16 * 1024));
          if (pulled === 6400) controller.close();
        },
      });
      const response = await app().request(path, { method: "POST", headers: { "content-type": type }, body, duplex: "half" } as RequestInit);
      expect(response.status).toBe(413);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("PAYLOAD_TOO_LARGE");
      expect(pulled).toBeLessThan(10);
    }
  });

  it("to a page that takes a file may be larger (a travel deal's rates), up to that page's own limit", async () => {
    const post = (path: string, megabytes: number) =>
      app().request(path, {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(megabytes * 1024 * 1024) },
        body: new Uint8Array(megabytes * 1024 * 1024),
      });
    // The upload page takes 1 MB (then answers as its guard decides: here, sign in first); 3 MB is too much for it.
    expect((await post("/admin/deals/7/travel-rates", 1)).status).not.toBe(413);
    expect((await post("/admin/deals/7/travel-rates", 3)).status).toBe(413);
    expect((await post("/admin/deals/7", 1)).status).toBe(413);
  });

  it("of ordinary size still reach the route", async () => {
    const { status, body } = await new TestBrowser(app(), { ip: "198.51.100.20" }).api("POST", "/v1/login", { loginRequest: { j_username: "x".repeat(60_000), j_password: "p" } });
    expect(status).not.toBe(413);
    expect(body).toHaveProperty("error");
  });
});

describe("/metrics", () => {
  it("is not served without METRICS_TOKEN", async () => {
    expect((await appWith({ NODE_ENV: "test" }).request("/metrics")).status).toBe(404);
  });

  it("needs the bearer token", async () => {
    const app = appWith({ NODE_ENV: "test", METRICS_TOKEN: "scrape-token-0123456789" });
    expect((await app.request("/metrics")).status).toBe(401);
    expect((await app.request("/metrics", { headers: { authorization: "Bearer wrong-token-0123456789" } })).status).toBe(401);
    const scraped = await app.request("/metrics", { headers: { authorization: "Bearer scrape-token-0123456789" } });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain("http_request_duration_seconds");
  });
});

describe("the demo's development aids", () => {
  const demo = () => appWith({ NODE_ENV: "production", DEMO: "on", TRUST_PROXY: "on" });

  it("answer a browser on this machine", async () => {
    const mailbox = await demo().request("/dev/mailbox", {}, socketFrom("127.0.0.1"));
    expect(mailbox.status).toBe(200);
    expect(await mailbox.text()).toContain("Development mailbox");
    expect((await demo().request("/dev/mailbox", {}, socketFrom("::ffff:127.0.0.1"))).status).toBe(200);
  });

  it("refuse anyone else, whatever X-Forwarded-For claims", async () => {
    const remote = await demo().request("/dev/mailbox", { headers: { "x-forwarded-for": "127.0.0.1" } }, socketFrom("203.0.113.9"));
    expect(remote.status).toBe(403);
    expect(await remote.json()).toMatchObject({ error: { code: "FORBIDDEN" } });
    const credit = await demo().request("/v1/dev/wallet-credit", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }, socketFrom("203.0.113.9"));
    expect(credit.status).toBe(403);
  });
});
