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
import { prepareBenchCatalogue } from "./lib/catalogue";
import { startServer } from "./lib/server-process";
import { type Sample, Shopper, forEachShopper, measureAddToBasket, sellableProducts, summarise, timed } from "./lib/shopper";
import { formatTable } from "./lib/table";
import { zipfPicker } from "./lib/zipf";

const DEALS = Number(process.env.BENCH_DEALS ?? 100_000);
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const PORT = 3910;
const TARGETS = { add: 50, order: 150 };
const DETAILS = { firstName: "Bench", lastName: "Shopper", addressLine1: "1 Load Street", city: "London", postcode: "N1 1AA" };

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
    console.log(`add to basket: ${SHOPPERS} shoppers for ${SECONDS} s…`);
    const adds = await measureAddToBasket(pick, shoppers, SECONDS);

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
