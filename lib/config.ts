import { createHash } from "node:crypto";
import { z } from "zod";
import { BRAND_IDS, BRANDS, type BrandId } from "./brand";

const portSchema = z
  .string()
  .regex(/^\d+$/, "must be a whole number between 1 and 65535")
  .transform(Number)
  .refine((port) => port >= 1 && port <= 65535, "must be a whole number between 1 and 65535");

const databaseUrlSchema = z
  .string()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "postgres:" || url.protocol === "postgresql:") && url.hostname !== "";
    } catch {
      return false;
    }
  }, "must look like postgres://user@host:5432/database");

const smtpUrlSchema = z.string().refine((value) => {
  try {
    return ["smtp:", "smtps:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}, "must look like smtp://user:pass@host:587");

const httpUrlSchema = z.string().refine((value) => {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}, "must be an http(s) URL");

/** A raster tile URL template for the map view, e.g. https://tile.example.com/{z}/{x}/{y}.png (one origin: no {s}). */
const mapTileUrlSchema = z.string().refine((value) => {
  try {
    const url = new URL(value.replace(/\{[zxy]\}/g, "0").replace("{r}", ""));
    return ["http:", "https:"].includes(url.protocol) && ["{z}", "{x}", "{y}"].every((part) => value.includes(part)) && !value.includes("{s}");
  } catch {
    return false;
  }
}, "must be an http(s) tile URL template with {z}, {x} and {y} on one host (no {s} subdomains), e.g. https://tile.example.com/{z}/{x}/{y}.png");

const publicOriginSchema = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return ["http:", "https:"].includes(url.protocol) && url.origin === value.replace(/\/$/, "");
  } catch {
    return false;
  }
}, "must be an origin such as https://www.wowcher.co.uk (scheme and host, no path)");

/** The variable naming each brand's public origin, e.g. PUBLIC_ORIGIN_WOWCHERIE. */
const publicOriginVariable = (brand: BrandId) => `PUBLIC_ORIGIN_${brand.toUpperCase() as Uppercase<BrandId>}` as const;

const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: portSchema.default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: databaseUrlSchema.optional(),
  DATA_DIR: z.string().min(1).default("data/pglite"),
  BRAND: z.enum(BRAND_IDS, { error: `must be one of ${BRAND_IDS.join(", ")}` }).default("wowcher"),
  SMTP_URL: smtpUrlSchema.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEALS: z
    .string()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .default(2000),
  /** Allow `?brand=` to switch brand (always on outside production). */
  BRAND_OVERRIDE: z.enum(["on", "off"]).optional(),
  /** The in-process cache of anonymous pages (off: every request renders). */
  PAGE_CACHE: z.enum(["on", "off"]).default("on"),
  PAGE_CACHE_MAX_MB: z.string().regex(/^\d+$/, "must be a whole number").transform(Number).default(64),
  SHUTDOWN_TIMEOUT_MS: z.string().regex(/^\d+$/).transform(Number).default(10_000),
  /** How long an item added to a basket is held for it. */
  BASKET_RESERVATION_MINUTES: z
    .string()
    .regex(/^\d+$/, "must be a whole number of minutes between 1 and 1440")
    .transform(Number)
    .refine((minutes) => minutes >= 1 && minutes <= 1440, "must be a whole number of minutes between 1 and 1440")
    .default(10),
  /** Spec §9: vouchers are available 24 hours after purchase; the demo shortens it to a minute. */
  VOUCHER_READY_MINUTES: z
    .string()
    .regex(/^\d+$/, "must be a whole number of minutes between 0 and 10080")
    .transform(Number)
    .refine((minutes) => minutes <= 10_080, "must be a whole number of minutes between 0 and 10080")
    .optional(),
  /** A goodwill credit above this many pence (or cents) waits for a customer-service lead's approval (four eyes). */
  GOODWILL_APPROVAL_ABOVE: z
    .string()
    .regex(/^\d+$/, "must be a whole number of pence between 0 and 100000")
    .transform(Number)
    .refine((pence) => pence <= 100_000, "must be a whole number of pence between 0 and 100000")
    .default(2500),
  /** Merchant payouts: the weekly cut-off, in UK time (redemptions up to it are paid in that week's run). */
  PAYOUT_CUTOFF: z
    .string()
    .regex(/^(monday|tuesday|wednesday|thursday|friday|saturday|sunday) ([01]\d|2[0-3]):[0-5]\d$/i, 'must be a weekday and a 24-hour time, like "Wednesday 14:00"')
    .default("Wednesday 14:00"),
  /** Klarna and Clearpay are offered only when switched on (spec: off in the described build). */
  PAYMENTS_KLARNA: z.enum(["on", "off"]).default("off"),
  PAYMENTS_CLEARPAY: z.enum(["on", "off"]).default("off"),
  /** Show outgoing mail at /dev/mailbox (on by default outside production when SMTP_URL is unset). */
  DEV_MAILBOX: z.enum(["on", "off"]).optional(),
  /** Development aids such as POST /v1/dev/wallet-credit (on by default outside production). */
  DEV_TOOLS: z.enum(["on", "off"]).optional(),
  /** Sender of mail that names none. */
  MAIL_FROM: z.string().min(3).default("Dealwise <no-reply@localhost>"),
  /** One reverse proxy in front appends the client address to X-Forwarded-For (for rate limits). */
  TRUST_PROXY: z.enum(["on", "off"]).default("off"),
  /**
   * Server processes sharing the port (node:cluster), e.g. one per core. Above 1 it needs
   * DATABASE_URL: the embedded PGlite lives inside one process.
   */
  WEB_CONCURRENCY: z
    .string()
    .regex(/^\d+$/, "must be a whole number between 1 and 64")
    .transform(Number)
    .refine((processes) => processes >= 1 && processes <= 64, "must be a whole number between 1 and 64")
    .default(1),
  /** OAuth client id for "Sign in with Google"; unset hides the button. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  /**
   * The demo a newcomer runs (`npm start` on the embedded database): mailbox and development tools
   * on for loopback clients only, and a banner on every page.
   */
  DEMO: z.enum(["on", "off"]).optional(),
  /** Bearer token that `GET /metrics` requires; unset: /metrics is not served. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** The map view's raster tiles (unset: the offline basemap of the UK and Ireland drawn from shipped boundaries). */
  MAP_TILE_URL: mapTileUrlSchema.optional(),
  /** The tile provider's attribution, shown on the map as text (required with MAP_TILE_URL). */
  MAP_TILE_ATTRIBUTION: z.string().min(1).max(300).optional(),
  /** Each brand's public origin: every absolute link (emails, canonical, sitemap, share) uses it. */
  PUBLIC_ORIGIN_WOWCHER: publicOriginSchema.optional(),
  PUBLIC_ORIGIN_WOWCHERIE: publicOriginSchema.optional(),
  PUBLIC_ORIGIN_LIVINGSOCIAL: publicOriginSchema.optional(),
  PUBLIC_ORIGIN_LIVINGSOCIALIE: publicOriginSchema.optional(),
  /** The payment gateway (only the built-in sandbox so far). */
  PAYMENT_PROVIDER: z.enum(["sandbox"]).default("sandbox"),
  /**
   * The key the sandbox gateway signs its webhooks with (HMAC-SHA256); unset: a fixed development
   * key in development and the demo, and no sandbox webhooks in production.
   */
  SANDBOX_WEBHOOK_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  /** Where uploaded files (deal pictures) live on this machine, unless S3_BUCKET names a bucket. */
  FILE_STORAGE_DIR: z.string().min(1).default("data/files"),
  /** An S3-compatible bucket for uploaded files: all of S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or none. */
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: httpUrlSchema.optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** A shared cache in front to purge by tag (Varnish xkey: PURGE with an xkey-purge header); unset: none. */
  CACHE_PURGE_URL: httpUrlSchema.optional(),
  /**
   * The AES-256-GCM key merchants' bank details are sealed with: 32 bytes, base64. Unset: a fixed
   * development key in development, tests and the demo; a real production refuses to start.
   */
  BANK_DETAILS_KEY: z
    .string()
    .refine((value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, "base64").length === 32, "must be 32 bytes in base64 (openssl rand -base64 32)")
    .optional(),
});

/** Signs sandbox webhooks where nothing real is at stake (development, tests, the demo). */
const DEVELOPMENT_WEBHOOK_SECRET = "sandbox-webhook-development-key";

/** Seals bank details where nothing real is at stake (development, tests, the demo): derived from a fixed phrase, so a restart can still open them. */
const DEVELOPMENT_BANK_DETAILS_KEY = createHash("sha256").update("dealwise-bank-details-development-key").digest();

/** The S3 variables that come together: one set without the others is refused. */
const S3_VARIABLES = ["S3_BUCKET", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** Variables whose values are never echoed in an error, not even wrong ones. */
const SECRET_VARIABLES = new Set(["BANK_DETAILS_KEY", "SANDBOX_WEBHOOK_SECRET", "METRICS_TOKEN", "S3_SECRET_ACCESS_KEY", "S3_ACCESS_KEY_ID"]);

export type Config = z.infer<typeof configSchema> & {
  brandOverride: boolean;
  devMailbox: boolean;
  devTools: boolean;
  demo: boolean;
  /** Scheme and host of each brand's links, without a trailing slash. */
  publicOrigins: Record<BrandId, string>;
  /** The key bank details are sealed with (BANK_DETAILS_KEY, or the development key); null: unset in a real production, which refuses to start. */
  bankDetailsKey: Buffer | null;
  /** The sandbox gateway's webhook key (SANDBOX_WEBHOOK_SECRET, or the development key); null: none. */
  sandboxWebhookSecret: string | null;
  /** How long after purchase a voucher becomes available (VOUCHER_READY_MINUTES; 24 hours, a minute in the demo). */
  voucherReadyMinutes: number;
  /** The map view's tiles (MAP_TILE_URL), with the origin the Content-Security-Policy allows; null: offline basemap. */
  mapTiles: MapTiles | null;
  /** Where uploaded files are kept: a local directory (FILE_STORAGE_DIR) or an S3-compatible bucket (S3_*). */
  fileStorage: FileStorageSettings;
  /** The shared cache to purge by tag (CACHE_PURGE_URL); null: none in front. */
  cachePurge: { url: string } | null;
};

export type FileStorageSettings =
  | { kind: "local"; dir: string }
  | { kind: "s3"; bucket: string; endpoint: string; region: string; accessKeyId: string; secretAccessKey: string };

export interface MapTiles {
  url: string;
  attribution: string;
  origin: string;
}

export class ConfigError extends Error {}

/** Reads configuration from the environment; a bad value fails with one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const result = configSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue.path[0] ?? "configuration");
    // A secret is never echoed, not even a wrong one.
    const got = present[name] === undefined || SECRET_VARIABLES.has(name) ? "" : ` (got "${present[name]}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${got}`);
  }
  const config = result.data;
  if (config.WEB_CONCURRENCY > 1 && !config.DATABASE_URL) {
    throw new ConfigError("Invalid configuration: WEB_CONCURRENCY above 1 needs DATABASE_URL (the embedded PGlite database lives inside one process)");
  }
  const production = config.NODE_ENV === "production";
  // The demo is what `npm start` (production build, embedded database) gives a newcomer.
  const demo = config.DEMO ? config.DEMO === "on" : production && !config.DATABASE_URL;
  for (const name of ["DEV_MAILBOX", "DEV_TOOLS"] as const) {
    if (production && !demo && config[name] === "on") {
      throw new ConfigError(`Invalid configuration: ${name}=on is refused under NODE_ENV=production unless DEMO=on (it exposes development aids to everyone)`);
    }
  }
  const brandOverride = config.BRAND_OVERRIDE ? config.BRAND_OVERRIDE === "on" : !production;
  const devMailbox = config.DEV_MAILBOX ? config.DEV_MAILBOX === "on" : (demo || !production) && !config.SMTP_URL;
  const devTools = config.DEV_TOOLS ? config.DEV_TOOLS === "on" : demo || !production;
  const publicOrigins = Object.fromEntries(
    BRAND_IDS.map((brand) => {
      const configured = config[publicOriginVariable(brand)];
      // A real shop links to the brand's own www host; a demo or a developer's machine to itself.
      const fallback = production && !demo ? `https://www.${BRANDS[brand].hosts[0]}` : `http://localhost:${config.PORT}`;
      return [brand, configured ? new URL(configured).origin : fallback];
    }),
  ) as Record<BrandId, string>;
  const voucherReadyMinutes = config.VOUCHER_READY_MINUTES ?? (demo ? 1 : 24 * 60);
  if (config.MAP_TILE_URL && !config.MAP_TILE_ATTRIBUTION) {
    throw new ConfigError("Invalid configuration: MAP_TILE_URL needs MAP_TILE_ATTRIBUTION (tile providers require their credit on the map)");
  }
  const mapTiles = config.MAP_TILE_URL
    ? { url: config.MAP_TILE_URL, attribution: config.MAP_TILE_ATTRIBUTION!, origin: new URL(config.MAP_TILE_URL.replace(/\{[zxyr]\}/g, "0")).origin }
    : null;
  const s3Set = S3_VARIABLES.filter((name) => config[name] !== undefined);
  const s3Missing = S3_VARIABLES.find((name) => config[name] === undefined);
  if (s3Set.length > 0 && s3Missing) {
    throw new ConfigError(`Invalid configuration: ${s3Missing} is missing (${s3Set.join(", ")} set: S3 storage needs ${S3_VARIABLES.join(", ")})`);
  }
  const fileStorage: FileStorageSettings =
    s3Set.length > 0
      ? { kind: "s3", bucket: config.S3_BUCKET!, endpoint: config.S3_ENDPOINT!, region: config.S3_REGION, accessKeyId: config.S3_ACCESS_KEY_ID!, secretAccessKey: config.S3_SECRET_ACCESS_KEY! }
      : { kind: "local", dir: config.FILE_STORAGE_DIR };
  const cachePurge = config.CACHE_PURGE_URL ? { url: config.CACHE_PURGE_URL } : null;
  const sandboxWebhookSecret = config.SANDBOX_WEBHOOK_SECRET ?? (demo || !production ? DEVELOPMENT_WEBHOOK_SECRET : null);
  const bankDetailsKey = config.BANK_DETAILS_KEY ? Buffer.from(config.BANK_DETAILS_KEY, "base64") : demo || !production ? DEVELOPMENT_BANK_DETAILS_KEY : null;
  return { ...config, brandOverride, devMailbox, devTools, demo, publicOrigins, voucherReadyMinutes, mapTiles, fileStorage, cachePurge, sandboxWebhookSecret, bankDetailsKey };
}

/** A database URL with the password removed, safe for logs and error messages. */
export function redactDatabaseUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "(unparseable URL)";
  }
}
