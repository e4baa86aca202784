/**
 * Buying under load: 20 shoppers (by default) at once, each signed in and working through its own
 * basket against the production server on the benchmark catalogue, over real HTTP.
 *
 *   npm run bench:buying                       # PGlite, 100k deals (BENCH_DEALS)
 *   DATABASE_URL=postgres://… npm run bench:buying
 *   BENCH_SHOPPERS=20 BENCH_SECONDS=20 npm run bench:buying
 *
 * Phase 1, add to basket: every shopper adds a product of a deal drawn by popularity (Zipf) and
 * removes it again (so stock and caps do not run out), timing only the add.
 * Phase 2, place order: every shopper puts one unit of a popular deal in a fresh basket, gets a
 * sandbox card nonce and places the order; the order call is timed. A refusal with the spec's
 * message (sold out, cap reached) counts as "refused", not as an error.
 * Prints a table with p50/p95/p99 and the targets (add p95 < 50 ms, order p95 < 150 ms).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { and, eq, gt, inArray, isNull, or } from "drizzle-orm";
import { openDatabase } from "../db/client";
import { deals, products } from "../modules/catalog/schema";
import { prepareBenchCatalogue } from "./lib/catalogue";
import { startServer } from "./lib/server-process";
import { formatTable } from "./lib/table";
import { zipfPicker } from "./lib/zipf";

const DEALS = Number(process.env.BENCH_DEALS ?? 100_000);
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const PORT = 3910;
const TARGETS = { add: 50, order: 150 };
const DETAILS = { firstName: "Bench", lastName: "Shopper", addressLine1: "1 Load Street", city: "London", postcode: "N1 1AA" };

/** One shopper: its own cookies, CSRF token and client address (rate limits are per address). */
class Shopper {
  private readonly cookies = new Map<string, string>();
  private csrf = "";

  constructor(
    private readonly baseUrl: string,
    private readonly ip: string,
  ) {}

  async call(method: string, path: string, json?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        host: "wowcher.co.uk",
        "x-forwarded-for": this.ip,
        accept: "application/json",
        ...(json === undefined ? {} : { "content-type": "application/json" }),
        ...(method === "GET" ? {} : { "x-csrf-token": this.csrf }),
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        ...headers,
      },
      body: json === undefined ? undefined : JSON.stringify(json),
      redirect: "manual",
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  async refreshCsrf() {
    this.csrf = String((await this.call("GET", "/v1/user/session")).body.csrfToken);
  }

  async register(index: number) {
    await this.refreshCsrf();
    const password = "bench horse battery";
    const email = `bench-${Date.now()}-${index}@example.com`;
    const registered = await this.call("POST", "/v1/register", { firstName: "Bench", lastName: `Shopper ${index}`, email, password, confirmPassword: password });
    if (registered.status >= 300) throw new Error(`registering a shopper failed: ${registered.status} ${JSON.stringify(registered.body)}`);
    await this.refreshCsrf();
  }

  /** A new basket holding one unit of a product from `pick`; picks again when one cannot be bought. */
  async newBasket(pick: () => number): Promise<string> {
    for (let tries = 0; tries < 20; tries++) {
      const created = await this.call("POST", "/v1/basket", { products: [{ dealProductId: pick(), quantity: 1 }] });
      const token = created.headers.get("location")?.split("/").pop();
      if (created.status === 201 && token) return token;
      if (created.status !== 409) throw new Error(`creating a basket failed: ${created.status} ${JSON.stringify(created.body)}`);
    }
    throw new Error("no product could be put in a basket in 20 tries");
  }
}

interface Sample {
  ms: number;
  outcome: "ok" | "refused" | "error";
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timed(samples: Sample[], call: () => Promise<{ status: number }>): Promise<{ status: number }> {
  const started = performance.now();
  const result = await call();
  const ms = performance.now() - started;
  samples.push({ ms, outcome: result.status < 300 ? "ok" : result.status < 500 && result.status !== 429 ? "refused" : "error" });
  return result;
}

/** Runs `step` for every shopper in a loop until the time is up. */
async function forEachShopper(shoppers: Shopper[], seconds: number, step: (shopper: Shopper) => Promise<void>) {
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    shoppers.map(async (shopper) => {
      while (performance.now() < deadline) await step(shopper);
    }),
  );
}

function summarise(name: string, samples: Sample[], seconds: number, target: number) {
  const ok = samples.filter((s) => s.outcome === "ok").map((s) => s.ms).sort((a, b) => a - b);
  const all = samples.map((s) => s.ms).sort((a, b) => a - b);
  const p95 = percentile(all, 95);
  const errors = samples.filter((s) => s.outcome === "error").length;
  return {
    name,
    calls: samples.length,
    ok: ok.length,
    refused: samples.filter((s) => s.outcome === "refused").length,
    errors,
    perSecond: samples.length / seconds,
    p50: percentile(all, 50),
    p95,
    p99: percentile(all, 99),
    target,
    verdict: errors === 0 && p95 < target ? "ok" : `MISSED${errors ? ` (${errors} errors)` : ""}`,
  };
}

async function sellableProducts(serverEnv: Record<string, string>, dealIds: number[]): Promise<number[]> {
  const database = await openDatabase({ url: serverEnv.DATABASE_URL, dataDir: serverEnv.DATA_DIR });
  try {
    const rows = await database.db
      .select({ id: products.id, dealId: products.dealId })
      .from(products)
      .innerJoin(deals, eq(deals.id, products.dealId))
      // Price-per-person deals need two units at least; keep to the one-unit case.
      .where(and(inArray(products.dealId, dealIds), or(isNull(products.totalRemaining), gt(products.totalRemaining, 0)), eq(products.soldOut, false), eq(products.disabled, false), eq(products.visible, true), eq(deals.pricePerPerson, false)));
    // The first product of each deal, in the deals' popularity order.
    const firstByDeal = new Map<number, number>();
    for (const row of rows) if (!firstByDeal.has(row.dealId)) firstByDeal.set(row.dealId, row.id);
    return dealIds.flatMap((id) => (firstByDeal.has(id) ? [firstByDeal.get(id)!] : []));
  } finally {
    await database.close();
  }
}

async function main() {
  const built = spawnSync("npm", ["run", "--silent", "build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (built.status !== 0) throw new Error("build failed");
  const catalogue = await prepareBenchCatalogue(DEALS);
  const ukDeals = catalogue.deals.filter((deal) => deal.countryCode === "GB").slice(0, 5000).map((deal) => deal.id);
  const productIds = await sellableProducts(catalogue.serverEnv, ukDeals);
  const pick = zipfPicker(productIds);
  const server = await startServer({ ...catalogue.serverEnv, TRUST_PROXY: "on", PAGE_CACHE: "off" }, PORT);
  const load = loadavg()[0];
  try {
    const shoppers = Array.from({ length: SHOPPERS }, (_, i) => new Shopper(server.baseUrl, `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`));
    await Promise.all(shoppers.map((shopper, i) => shopper.register(i)));
    const baskets = new Map<Shopper, string>();
    for (const shopper of shoppers) baskets.set(shopper, await shopper.newBasket(pick));

    const adds: Sample[] = [];
    console.log(`add to basket: ${SHOPPERS} shoppers for ${SECONDS} s…`);
    await forEachShopper(shoppers, SECONDS, async (shopper) => {
      const token = baskets.get(shopper)!;
      const added = await timed(adds, () => shopper.call("POST", `/v1/basket/${token}/product`, { dealProductId: pick(), quantity: 1 }));
      const lines = ((added as { body?: { products?: { id: string }[] } }).body?.products ?? []).slice(1);
      for (const line of lines) await shopper.call("DELETE", `/v1/basket/${token}/product/${line.id}`);
    });

    const orders: Sample[] = [];
    console.log(`place order: ${SHOPPERS} shoppers for ${SECONDS} s…`);
    let attempt = 0;
    await forEachShopper(shoppers, SECONDS, async (shopper) => {
      const token = await shopper.newBasket(pick);
      const tokenized = await shopper.call("POST", "/sandbox-gateway/v1/tokenize", { number: "4111 1111 1111 1111", expiry: "12/30", securityCode: "123", postalCode: "N1 1AA" });
      const body = { paymentMethod: "card", instrument: "NEW", paymentNonce: tokenized.body.nonce, details: DETAILS };
      attempt += 1;
      await timed(orders, () => shopper.call("POST", `/v1/checkout/${token}/order`, body, { "idempotency-key": `bench-${process.pid}-${attempt}` }));
    });

    const rows = [summarise("add to basket", adds, SECONDS, TARGETS.add), summarise("place order", orders, SECONDS, TARGETS.order)];
    const database = catalogue.databaseKind === "postgres" ? "PostgreSQL" : "PGlite";
    console.log(`\n${database}, ${catalogue.dealCount} deals, ${SHOPPERS} concurrent shoppers, ${SECONDS} s per phase; ${cpus().length} CPUs, load average ${load.toFixed(1)} at start; server peak RSS ${Math.round(server.peakRssMb())} MB\n`);
    console.log(
      formatTable(
        ["call", "calls", "ok", "refused", "errors", "per s", "p50 ms", "p95 ms", "p99 ms", "target p95", "verdict"],
        rows.map((r) => [r.name, r.calls, r.ok, r.refused, r.errors, r.perSecond.toFixed(0), r.p50.toFixed(1), r.p95.toFixed(1), r.p99.toFixed(1), `< ${r.target} ms`, r.verdict]),
      ),
    );
    mkdirSync("bench/results", { recursive: true });
    writeFileSync(`bench/results/buying-${new Date().toISOString().replace(/[:.]/g, "-")}.json`, JSON.stringify({ database, deals: catalogue.dealCount, shoppers: SHOPPERS, rows }, null, 2));
  } finally {
    await server.stop();
  }
}

await main();
