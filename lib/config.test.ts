import { describe, expect, it } from "vitest";
import { loadConfig, redactDatabaseUrl } from "./config";

describe("loadConfig", () => {
  it("has working defaults for a fresh machine", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, BRAND: "wowcher", DATA_DIR: "data/pglite", LOG_LEVEL: "info", SEED_DEALS: 2000 });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.brandOverride).toBe(true);
  });

  it("turns the brand override off in production unless asked", () => {
    expect(loadConfig({ NODE_ENV: "production" }).brandOverride).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", BRAND_OVERRIDE: "on" }).brandOverride).toBe(true);
  });

  it("shows the development mailbox only outside production and without SMTP, unless asked", () => {
    expect(loadConfig({}).devMailbox).toBe(true);
    expect(loadConfig({ SMTP_URL: "smtp://mail.example.com:587" }).devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", DEMO: "off" }).devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", DEMO: "on", DEV_MAILBOX: "on" }).devMailbox).toBe(true);
  });

  it("runs the demo for `npm start` on the embedded database, with mailbox and tools, and not on a real server", () => {
    expect(loadConfig({ NODE_ENV: "production" })).toMatchObject({ demo: true, devMailbox: true, devTools: true });
    expect(loadConfig({ NODE_ENV: "production", DEMO: "off" })).toMatchObject({ demo: false, devMailbox: false, devTools: false });
    expect(loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://app@db:5432/shop" })).toMatchObject({ demo: false, devMailbox: false, devTools: false });
    expect(loadConfig({}).demo).toBe(false);
  });

  it.each(["DEV_MAILBOX", "DEV_TOOLS"])("refuses %s=on in production unless the demo is on", (name) => {
    expect(() => loadConfig({ NODE_ENV: "production", DEMO: "off", [name]: "on" })).toThrow(
      `Invalid configuration: ${name}=on is refused under NODE_ENV=production unless DEMO=on (it exposes development aids to everyone)`,
    );
    expect(() => loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://app@db:5432/shop", [name]: "on" })).toThrow(`${name}=on is refused`);
  });

  it("links to the brands' real hosts in production and to this machine elsewhere, unless configured", () => {
    expect(loadConfig({ NODE_ENV: "production", DEMO: "off" }).publicOrigins).toEqual({
      wowcher: "https://www.wowcher.co.uk",
      wowcherie: "https://www.wowcher.ie",
      livingsocial: "https://www.livingsocial.co.uk",
      livingsocialie: "https://www.livingsocial.ie",
    });
    expect(loadConfig({ PORT: "3201" }).publicOrigins.wowcherie).toBe("http://localhost:3201");
    expect(loadConfig({ NODE_ENV: "production" }).publicOrigins.wowcher).toBe("http://localhost:3000");
    expect(loadConfig({ PUBLIC_ORIGIN_LIVINGSOCIAL: "https://staging.livingsocial.example/" }).publicOrigins.livingsocial).toBe("https://staging.livingsocial.example");
  });

  it.each([
    [{ PORT: "abc" }, 'Invalid configuration: PORT must be a whole number between 1 and 65535 (got "abc")'],
    [{ PORT: "70000" }, 'Invalid configuration: PORT must be a whole number between 1 and 65535 (got "70000")'],
    [{ DATABASE_URL: "mysql://x@y/z" }, 'Invalid configuration: DATABASE_URL must look like postgres://user@host:5432/database (got "mysql://x@y/z")'],
    [{ BRAND: "groupon" }, 'Invalid configuration: BRAND must be one of wowcher, wowcherie, livingsocial, livingsocialie (got "groupon")'],
    [{ SMTP_URL: "nope" }, 'Invalid configuration: SMTP_URL must look like smtp://user:pass@host:587 (got "nope")'],
    [
      { PUBLIC_ORIGIN_WOWCHER: "https://www.wowcher.co.uk/deals" },
      'Invalid configuration: PUBLIC_ORIGIN_WOWCHER must be an origin such as https://www.wowcher.co.uk (scheme and host, no path) (got "https://www.wowcher.co.uk/deals")',
    ],
    [{ PUBLIC_ORIGIN_WOWCHERIE: "ftp://wowcher.ie" }, /^Invalid configuration: PUBLIC_ORIGIN_WOWCHERIE must be an origin/],
    [{ METRICS_TOKEN: "short" }, /^Invalid configuration: METRICS_TOKEN must be at least 16 characters$/],
    [{ DEMO: "yes" }, /^Invalid configuration: DEMO/],
  ])("explains a bad value in one line: %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("holds basket items for 10 minutes and keeps Klarna and Clearpay off unless configured", () => {
    expect(loadConfig({})).toMatchObject({ BASKET_RESERVATION_MINUTES: 10, PAYMENTS_KLARNA: "off", PAYMENTS_CLEARPAY: "off" });
    expect(loadConfig({ BASKET_RESERVATION_MINUTES: "15", PAYMENTS_KLARNA: "on" })).toMatchObject({ BASKET_RESERVATION_MINUTES: 15, PAYMENTS_KLARNA: "on" });
    expect(() => loadConfig({ BASKET_RESERVATION_MINUTES: "0" })).toThrow(
      'Invalid configuration: BASKET_RESERVATION_MINUTES must be a whole number of minutes between 1 and 1440 (got "0")',
    );
  });

  it("runs one server process unless asked, and more only on PostgreSQL", () => {
    expect(loadConfig({}).WEB_CONCURRENCY).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: "2", DATABASE_URL: "postgres://app@db:5432/shop" }).WEB_CONCURRENCY).toBe(2);
    expect(() => loadConfig({ WEB_CONCURRENCY: "2" })).toThrow(
      "Invalid configuration: WEB_CONCURRENCY above 1 needs DATABASE_URL (the embedded PGlite database lives inside one process)",
    );
    expect(() => loadConfig({ WEB_CONCURRENCY: "0" })).toThrow('Invalid configuration: WEB_CONCURRENCY must be a whole number between 1 and 64 (got "0")');
  });

  it("rejects an unknown log level", () => {
    expect(() => loadConfig({ LOG_LEVEL: "loud" })).toThrow(/^Invalid configuration: LOG_LEVEL/);
  });

  it("keeps files on local disk, the sandbox gateway and no cache purge unless configured", () => {
    const config = loadConfig({});
    expect(config.fileStorage).toEqual({ kind: "local", dir: "data/files" });
    expect(config.PAYMENT_PROVIDER).toBe("sandbox");
    expect(config.cachePurge).toBeNull();
    expect(loadConfig({ CACHE_PURGE_URL: "http://varnish:6081/" }).cachePurge).toEqual({ url: "http://varnish:6081/" });
  });

  it("uses an S3-compatible bucket only with all its variables, and names the first one missing", () => {
    const s3 = { S3_BUCKET: "deal-pictures", S3_ENDPOINT: "https://s3.eu-west-2.amazonaws.com", S3_ACCESS_KEY_ID: "AKIDEXAMPLE", S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI" };
    expect(loadConfig({ ...s3, S3_REGION: "eu-west-2" }).fileStorage).toEqual({
      kind: "s3",
      bucket: "deal-pictures",
      endpoint: "https://s3.eu-west-2.amazonaws.com",
      region: "eu-west-2",
      accessKeyId: "AKIDEXAMPLE",
      secretAccessKey: "wJalrXUtnFEMI",
    });
    expect(() => loadConfig({ S3_BUCKET: "deal-pictures", S3_ENDPOINT: s3.S3_ENDPOINT })).toThrow(
      "Invalid configuration: S3_ACCESS_KEY_ID is missing (S3_BUCKET, S3_ENDPOINT set: S3 storage needs S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)",
    );
    expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: undefined })).toThrow(/^Invalid configuration: S3_SECRET_ACCESS_KEY is missing/);
    expect(() => loadConfig({ ...s3, S3_BUCKET: "" })).toThrow(/^Invalid configuration: S3_BUCKET is missing/);
  });

  it("refuses a malformed purge URL and an unknown payment provider", () => {
    expect(() => loadConfig({ CACHE_PURGE_URL: "varnish:6081" })).toThrow('Invalid configuration: CACHE_PURGE_URL must be an http(s) URL (got "varnish:6081")');
    expect(() => loadConfig({ PAYMENT_PROVIDER: "stripe" })).toThrow(/^Invalid configuration: PAYMENT_PROVIDER/);
  });
});

describe("redactDatabaseUrl", () => {
  it("hides the password", () => {
    expect(redactDatabaseUrl("postgres://app:secret@db:5432/shop")).toBe("postgres://app:***@db:5432/shop");
  });
});

describe("BANK_DETAILS_KEY", () => {
  it("reads BANK_DETAILS_KEY as 32 bytes, never echoes a wrong one, and has no key in a real production unless set", () => {
    const key = Buffer.alloc(32, 7).toString("base64");
    expect(loadConfig({ BANK_DETAILS_KEY: key }).bankDetailsKey).toEqual(Buffer.alloc(32, 7));
    expect(loadConfig({}).bankDetailsKey).toHaveLength(32);
    expect(loadConfig({ NODE_ENV: "production" }).bankDetailsKey).toHaveLength(32);
    expect(loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://app@db:5432/shop" }).bankDetailsKey).toBeNull();
    expect(() => loadConfig({ BANK_DETAILS_KEY: "c2hvcnQ=" })).toThrow("Invalid configuration: BANK_DETAILS_KEY must be 32 bytes in base64 (openssl rand -base64 32)");
    expect(() => loadConfig({ BANK_DETAILS_KEY: "c2hvcnQ=" })).not.toThrow("c2hvcnQ");
  });
});
