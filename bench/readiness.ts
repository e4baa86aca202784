/**
 * Readiness during an order burst (issue 22: /readyz took 4.5 s during a 50-order burst on PGlite).
 * The production server (`npm run build` first) on a fresh PGlite database with the 600-deal seed:
 * 50 signed-in shoppers place an order each, all at once, while /readyz is asked every 100 ms;
 * beside each ask, a signed-in shopper's basket count (`GET /v1/basket/quantity`: its session,
 * basket and lines, three small queries), which queues behind the orders as the old /readyz's
 * `select 1` did.
 *
 *   npx tsx bench/readiness.ts            (BENCH_ORDERS=50; DATABASE_URL=… runs on that PostgreSQL database)
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "./lib/server-process";
import { percentile, Shopper } from "./lib/shopper";
import { formatTable } from "./lib/table";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 50);
const ASK_EVERY_MS = 100;
const PORT = 3911;
const DETAILS = { firstName: "Bench", lastName: "Shopper", addressLine1: "1 Load Street", city: "London", postcode: "N1 1AA" };

interface DealAnswer {
  deal: { dealType: string; products: { id: number; soldOut: boolean; totalRemaining: number | null }[] };
  availability: { buyable: boolean };
}

/** One product with stock to spare from each of the first buyable deals of the seed (no dated stays). */
async function productsToBuy(baseUrl: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let id = 30_000_001; ids.length < count && id < 30_000_601; id++) {
    const response = await fetch(`${baseUrl}/v1/deal/${id}`, { headers: { host: "wowcher.co.uk" } });
    if (!response.ok) continue;
    const { deal, availability } = (await response.json()) as DealAnswer;
    const product = deal.products.find((option) => !option.soldOut && (option.totalRemaining === null || option.totalRemaining > 5));
    if (availability.buyable && deal.dealType !== "travel" && product) ids.push(product.id);
  }
  return ids;
}

async function main() {
  const env: Record<string, string> = { SEED_DEALS: "600", TRUST_PROXY: "on", PAGE_CACHE: "off", DEMO: "off" };
  if (!process.env.DATABASE_URL) env.DATA_DIR = mkdtempSync(join(tmpdir(), "dealwise-readiness-"));
  const server = await startServer(env, PORT);
  try {
    // Several candidates per shopper: a few deals turn out not to be sold as a plain unit (409).
    const products = await productsToBuy(server.baseUrl, ORDERS * 3);
    let next = 0;
    const pick = () => products[next++ % products.length];
    const shoppers = Array.from({ length: ORDERS }, (_, i) => new Shopper(server.baseUrl, `198.18.2.${i + 1}`));
    const ready = await Promise.all(
      shoppers.map(async (shopper, i) => {
        await shopper.register(i);
        const token = await shopper.newBasket(pick);
        const card = await shopper.call("POST", "/sandbox-gateway/v1/tokenize", { number: "4111 1111 1111 1111", expiry: "12/30", securityCode: "123", postalCode: "N1 1AA" });
        return { shopper, token, nonce: String(card.body.nonce) };
      }),
    );

    const readyz: number[] = [];
    const read: number[] = [];
    let notReady = 0;
    let burstOver = false;
    const watcher = new Shopper(server.baseUrl, "198.18.3.1");
    await watcher.register(ORDERS);
    const timed = async (samples: number[], ask: () => Promise<number>) => {
      const began = performance.now();
      const status = await ask();
      samples.push(performance.now() - began);
      return status;
    };
    const readyzStatus = async () => {
      const response = await fetch(`${server.baseUrl}/readyz`);
      await response.arrayBuffer();
      return response.status;
    };
    const asking = (async () => {
      const asks: Promise<unknown>[] = [];
      while (!burstOver) {
        asks.push(
          timed(readyz, readyzStatus).then((status) => {
            if (status !== 200) notReady += 1;
          }),
          timed(read, async () => (await watcher.call("GET", "/v1/basket/quantity")).status),
        );
        await new Promise((resolve) => setTimeout(resolve, ASK_EVERY_MS));
      }
      await Promise.all(asks);
    })();

    const began = performance.now();
    const statuses = await Promise.all(
      ready.map(({ shopper, token, nonce }, i) =>
        shopper.call("POST", `/v1/checkout/${token}/order`, { paymentMethod: "card", instrument: "NEW", paymentNonce: nonce, details: DETAILS }, { "idempotency-key": `readiness-${process.pid}-${i}` }),
      ),
    );
    const burstMs = performance.now() - began;
    burstOver = true;
    await asking;

    const row = (name: string, samples: number[]) => {
      const sorted = [...samples].sort((a, b) => a - b);
      return [name, sorted.length, percentile(sorted, 50).toFixed(0), percentile(sorted, 95).toFixed(0), sorted.at(-1)!.toFixed(0), sorted.filter((ms) => ms >= 1000).length];
    };
    const placed = statuses.filter((answer) => answer.status === 201).length;
    console.log(`${process.env.DATABASE_URL ? "postgres" : "pglite"}: ${ready.length} orders at once (${placed} placed) in ${(burstMs / 1000).toFixed(1)} s; asked every ${ASK_EVERY_MS} ms; /readyz not ready ${notReady} times\n`);
    console.log(formatTable(["probe", "asks", "p50 ms", "p95 ms", "max ms", "≥ 1 s"], [row("GET /readyz", readyz), row("GET /v1/basket/quantity (3 small queries)", read)]));
  } finally {
    await server.stop();
  }
}

await main();
