/**
 * Starts the real production server for browser journeys on a database of its own: a fresh
 * PGlite directory, or (when DATABASE_URL is set) a freshly created PostgreSQL database.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

async function freshPostgresDatabase(serverUrl: string): Promise<string> {
  const name = `dealwise_e2e_${process.env.PORT ?? "3100"}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

if (process.env.DATABASE_URL) {
  process.env.DATABASE_URL = await freshPostgresDatabase(process.env.DATABASE_URL);
} else {
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), "dealwise-e2e-"));
}
process.env.NODE_ENV = "production";
process.env.BRAND_OVERRIDE = "on";
process.env.SEED_DEALS ??= "600";
process.env.LOG_LEVEL ??= "warn";
// Journeys read reset links from the development mailbox and credit wallets with the development
// tools: the demo mode has both (on its own only on the embedded database), answering loopback only.
process.env.DEMO ??= "on";
process.env.DEV_MAILBOX ??= "on";
// The wallet journey gives its shopper credit through the development tools (POST /v1/dev/wallet-credit).
process.env.DEV_TOOLS ??= "on";
// Klarna (18+) and Clearpay are off by default; the journeys show them (payment-methods.spec.ts).
process.env.PAYMENTS_KLARNA ??= "on";
process.env.PAYMENTS_CLEARPAY ??= "on";
// Journeys that register several shoppers say who they are (X-Forwarded-For, as a proxy would), so
// the per-IP registration limit of one journey is not used up by another. Without the header the
// connection's own address counts, as before.
process.env.TRUST_PROXY ??= "on";
// The telemetry journey reads its counters from /metrics (telemetry.spec.ts).
process.env.METRICS_TOKEN ??= "e2e-metrics-token";
// Vouchers are usable straight after purchase in journeys (the demo waits a minute, production 24 hours).
process.env.VOUCHER_READY_MINUTES ??= "0";

// The bundle production runs (npm run build makes it; npm test builds before the journeys).
await import(new URL("../../build/server.js", import.meta.url).href);
