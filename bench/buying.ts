/**
 * Buying under load: 20 shoppers (by default) at once, each signed in and working through its own
 * basket against the production server on the benchmark catalogue, over real HTTP.
 *
 *   npm run bench:buying                       # PGlite, 100k deals (BENCH_DEALS)
 *   DATABASE_URL=postgres://… npm run bench:buying
 *   BENCH_SHOPPERS=20 BENCH_SECONDS=20 BENCH_THINK_MS=1000 npm run bench:buying
 *
 * Add to basket: every shopper adds a product of a deal drawn by popularity (Zipf) and removes it
 * again (so stock and caps do not run out), timing only the add.
 * Place order: every shopper puts one unit of a popular deal in a fresh basket, gets a sandbox card
 * nonce and places the order; the order call is timed. A refusal with the spec's message (sold
 * out, cap reached) counts as "refused", not as an error.
 *
 * Each flow runs twice. First as shoppers: each pauses about BENCH_THINK_MS (0.5 to 1.5 times it,
 * default 1 s) between clicks, as people do; the targets (add p95 < 50 ms, order p95 < 150 ms)
 * are judged here. Then as a stress test with no pauses at all, so the 20 shoppers keep 20 requests
 * in flight: that shows the capacity (calls per second) and how latency grows when it is reached.
 * docs/decisions/bench-buying-shoppers.md explains the model.
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
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);
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
    const placeOrders = async (thinkMs: number) => {
      const orders: Sample[] = [];
      await forEachShopper(
        shoppers,
        SECONDS,
        async (shopper) => {
          const token = await shopper.newBasket(pick);
          const tokenized = await shopper.call("POST", "/sandbox-gateway/v1/tokenize", { number: "4111 1111 1111 1111", expiry: "12/30", securityCode: "123", postalCode: "N1 1AA" });
          const body = { paymentMethod: "card", instrument: "NEW", paymentNonce: tokenized.body.nonce, details: DETAILS };
          attempt += 1;
          await timed(orders, () => shopper.call("POST", `/v1/checkout/${token}/order`, body, { "idempotency-key": `bench-${process.pid}-${attempt}` }));
        },
        thinkMs,
      );
      return orders;
    };
    let attempt = 0;
    const rows = [];
    for (const [label, thinkMs] of [[`shoppers pausing ~${THINK_MS} ms`, THINK_MS], ["stress, no pauses", 0]] as const) {
      console.log(`add to basket, ${label}: ${SHOPPERS} shoppers for ${SECONDS} s…`);
      const adds = await measureAddToBasket(pick, shoppers, SECONDS, thinkMs);
      console.log(`place order, ${label}: ${SHOPPERS} shoppers for ${SECONDS} s…`);
      const orders = await placeOrders(thinkMs);
      // The targets are for shoppers; the stress rows show capacity, with no verdict.
      const judged = thinkMs > 0;
      rows.push(
        { ...summarise("add to basket", adds, SECONDS, TARGETS.add), label, judged },
        { ...summarise("place order", orders, SECONDS, TARGETS.order), label, judged },
      );
    }

    const database = catalogue.databaseKind === "postgres" ? "PostgreSQL" : "PGlite";
    console.log(`\n${database}, ${catalogue.dealCount} deals, ${SHOPPERS} concurrent shoppers, ${SECONDS} s per phase, pauses of ~${THINK_MS} ms between clicks (then none); ${cpus().length} CPUs, load average ${load.toFixed(1)} at start; server peak RSS ${Math.round(server.peakRssMb())} MB\n`);
    console.log(
      formatTable(
        ["call", "load", "calls", "ok", "refused", "errors", "per s", "p50 ms", "p95 ms", "p99 ms", "target p95", "verdict"],
        rows.map((r) => [
          r.name,
          r.label,
          r.calls,
          r.ok,
          r.refused,
          r.errors,
          r.perSecond.toFixed(0),
          r.p50.toFixed(1),
          r.p95.toFixed(1),
          r.p99.toFixed(1),
          r.judged ? `< ${r.target} ms` : "-",
          r.judged ? r.verdict : r.errors ? `${r.errors} errors` : "-",
        ]),
      ),
    );
    mkdirSync("bench/results", { recursive: true });
    writeFileSync(`bench/results/buying-${new Date().toISOString().replace(/[:.]/g, "-")}.json`, JSON.stringify({ database, deals: catalogue.dealCount, shoppers: SHOPPERS, thinkMs: THINK_MS, rows }, null, 2));
  } finally {
    await server.stop();
  }
}

await main();
