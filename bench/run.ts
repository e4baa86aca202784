/**
 * npm run bench: builds the production bundle, prepares a benchmark catalogue (100k deals by
 * default; PostgreSQL when DATABASE_URL is set, else PGlite), then measures every endpoint with
 * the page cache on and off against the machine's own limit (a bare node:http server).
 *
 *   BENCH_DEALS=100000 BENCH_SECONDS=10 BENCH_CONNECTIONS=20 npm run bench
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { ENDPOINTS, type Endpoint, PAGE_BUDGET, PAGES } from "./endpoints";
import { type LighthouseScores, lighthouseScores } from "./lib/lighthouse";
import { type PageWeight, measurePageWeight } from "./lib/page-weight";
import { startBareServer } from "./lib/bare-server";
import { prepareBenchCatalogue } from "./lib/catalogue";
import { type LoadResult, runLoad } from "./lib/load";
import { startServer } from "./lib/server-process";
import { Shopper, measureAddToBasket, percentile, sellableProducts } from "./lib/shopper";
import { zipfPicker } from "./lib/zipf";
import { formatTable } from "./lib/table";

const DEALS = Number(process.env.BENCH_DEALS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const WARMUP_SECONDS = 3;
const CACHE_WARMUP_SECONDS = Number(process.env.BENCH_CACHE_WARMUP_SECONDS ?? 20);
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== "off";
const PORT = 3900;
const ADD_TO_BASKET_P95_MS = 50;
const BARE_PORT = 3901;

interface Measurement extends LoadResult {
  endpoint: string;
  cache: "on" | "off" | "bare";
}

function build(): void {
  console.log("building the production bundle…");
  const result = spawnSync("npm", ["run", "--silent", "build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) throw new Error("build failed");
}

async function measure(baseUrl: string, endpoint: Endpoint, next: ReturnType<Endpoint["picker"]>, cache: "on" | "off") {
  // A page cache in production has been filling for hours; give it the same traffic for a while
  // first, so the table shows the steady state rather than a cold start.
  const warmup = cache === "on" && endpoint.kind === "page" ? CACHE_WARMUP_SECONDS : WARMUP_SECONDS;
  await runLoad(baseUrl, next, { connections: CONNECTIONS, seconds: warmup });
  const result = await runLoad(baseUrl, next, { connections: CONNECTIONS, seconds: SECONDS });
  console.log(`  ${endpoint.name} (cache ${cache}): ${Math.round(result.requestsPerSecond)} req/s, p95 ${result.p95.toFixed(1)} ms`);
  return { endpoint: endpoint.name, cache, ...result } satisfies Measurement;
}

function verdict(endpoint: Endpoint, m: Measurement, bareRps: number): string {
  const b = endpoint.budget;
  const failures: string[] = [];
  if (m.errors > 0 || m.non2xx > 0) failures.push("errors");
  if (m.cache === "on" && endpoint.kind === "page") {
    if (b.minBareRatioCached && m.requestsPerSecond < b.minBareRatioCached * bareRps) failures.push(`< ${b.minBareRatioCached * 100}% of bare`);
    if (b.maxP95MsCached && m.p95 > b.maxP95MsCached) failures.push(`p95 > ${b.maxP95MsCached} ms`);
  }
  if (m.cache === "off") {
    if (b.minRpsUncached && m.requestsPerSecond < b.minRpsUncached) failures.push(`< ${b.minRpsUncached} req/s`);
    if (b.maxP95MsUncached && m.p95 > b.maxP95MsUncached) failures.push(`p95 > ${b.maxP95MsUncached} ms`);
  }
  return failures.length === 0 ? "ok" : `MISSED: ${failures.join(", ")}`;
}

/** One-unit products of the 5,000 most popular UK deals, most popular first. */
async function basketProducts(catalogue: Awaited<ReturnType<typeof prepareBenchCatalogue>>): Promise<number[]> {
  const ukDeals = catalogue.deals.filter((deal) => deal.countryCode === "GB").slice(0, 5000).map((deal) => deal.id);
  return sellableProducts(catalogue.serverEnv, ukDeals);
}

/** Guests adding products of popular deals to their baskets (bench/lib/shopper.ts), one per connection. */
async function measureBasket(baseUrl: string, catalogue: Awaited<ReturnType<typeof prepareBenchCatalogue>>): Promise<LoadResult> {
  const pick = zipfPicker(await basketProducts(catalogue));
  const shoppers = Array.from({ length: CONNECTIONS }, (_, i) => new Shopper(baseUrl, `198.18.1.${i + 1}`));
  await measureAddToBasket(pick, shoppers, WARMUP_SECONDS);
  const samples = await measureAddToBasket(pick, shoppers, SECONDS);
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const ms = (p: number) => Math.round(percentile(sorted, p));
  console.log(`  POST add to basket (cache off): ${Math.round(samples.length / SECONDS)} req/s, p95 ${ms(95)} ms`);
  return {
    requests: samples.length,
    requestsPerSecond: samples.length / SECONDS,
    p50: ms(50),
    p95: ms(95),
    p99: ms(99),
    errors: samples.filter((sample) => sample.outcome === "error").length,
    non2xx: samples.filter((sample) => sample.outcome !== "ok").length,
  };
}

async function main(): Promise<void> {
  build();
  const catalogue = await prepareBenchCatalogue(DEALS);
  const pickers = new Map(ENDPOINTS.map((endpoint) => [endpoint, endpoint.picker(catalogue)]));
  const measurements: Measurement[] = [];
  const rss: Record<string, number> = {};
  let sampleHtml = "";
  let addToBasket: LoadResult | null = null;
  const weights: { name: string; budgeted: boolean; weight: PageWeight; scores: LighthouseScores | null }[] = [];

  for (const cache of ["on", "off"] as const) {
    console.log(`server with the page cache ${cache}:`);
    const server = await startServer({ ...catalogue.serverEnv, PAGE_CACHE: cache }, PORT);
    try {
      if (!sampleHtml) {
        const sample = catalogue.deals.find((deal) => deal.countryCode === "GB");
        const response = await fetch(`${server.baseUrl}${sample ? sample.urlPath : "/deals/london"}`, { headers: { host: "wowcher.co.uk" } });
        sampleHtml = response.ok ? await response.text() : await (await fetch(`${server.baseUrl}/deals/london`)).text();
      }
      if (cache === "on") {
        // The checkout of a guest's basket holding one popular product.
        const shopper = new Shopper(server.baseUrl, "198.18.2.1");
        await shopper.refreshCsrf();
        const checkout = `/checkout/${await shopper.newBasket(zipfPicker(await basketProducts(catalogue)))}`;
        for (const page of [...PAGES, { name: "checkout", budgeted: false, path: () => checkout }]) {
          const path = page.path(catalogue);
          const weight = await measurePageWeight(server.baseUrl, path);
          const scores = LIGHTHOUSE ? await lighthouseScores(`${server.baseUrl}${path}`) : null;
          weights.push({ name: page.name, budgeted: page.budgeted, weight, scores });
          const failed = scores?.failedAudits.length ? ` (failed audits: ${scores.failedAudits.join(", ")})` : "";
          console.log(`  weighed ${page.name}${scores ? `: Lighthouse performance ${scores.performance}${failed}` : ""}`);
        }
      }
      for (const endpoint of ENDPOINTS) {
        if (cache === "off" || endpoint.kind === "page") measurements.push(await measure(server.baseUrl, endpoint, pickers.get(endpoint)!, cache));
      }
      if (cache === "off") addToBasket = await measureBasket(server.baseUrl, catalogue);
    } finally {
      rss[cache] = Math.round(server.peakRssMb());
      await server.stop();
    }
  }

  const bare = await startBareServer(sampleHtml, BARE_PORT);
  const bareResult = await runLoad(`http://127.0.0.1:${BARE_PORT}`, () => ({ path: "/" }), { connections: CONNECTIONS, seconds: SECONDS });
  bare.close();
  const bareRps = bareResult.requestsPerSecond;

  const ms = (value: number) => value.toFixed(1);
  const rows = [
    [`bare node:http (${(Buffer.byteLength(sampleHtml) / 1024).toFixed(1)} KB page)`, "-", Math.round(bareRps), ms(bareResult.p50), ms(bareResult.p95), ms(bareResult.p99), bareResult.errors + bareResult.non2xx, "1.00", "-"],
    ...measurements.map((m) => {
      const endpoint = ENDPOINTS.find((e) => e.name === m.endpoint)!;
      return [m.endpoint, m.cache, Math.round(m.requestsPerSecond), ms(m.p50), ms(m.p95), ms(m.p99), m.errors + m.non2xx, (m.requestsPerSecond / bareRps).toFixed(2), verdict(endpoint, m, bareRps)];
    }),
  ];
  if (addToBasket) {
    const ok = addToBasket.errors === 0 && addToBasket.p95 < ADD_TO_BASKET_P95_MS;
    rows.push(["POST add to basket", "off", Math.round(addToBasket.requestsPerSecond), ms(addToBasket.p50), ms(addToBasket.p95), ms(addToBasket.p99), addToBasket.errors, (addToBasket.requestsPerSecond / bareRps).toFixed(2), ok ? "ok" : `MISSED: p95 >= ${ADD_TO_BASKET_P95_MS} ms`]);
  }
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB`;
  console.log(`\n${catalogue.dealCount} deals on ${catalogue.databaseKind}; ${CONNECTIONS} connections, ${SECONDS} s per endpoint; ${machine}`);
  console.log(formatTable(["endpoint", "cache", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors", "vs bare", "budget"], rows));
  const rssVerdict = Math.max(rss.on, rss.off) < 300 ? "ok" : "MISSED: >= 300 MB";
  console.log(`\nserver peak RSS: ${rss.on} MB with the cache on, ${rss.off} MB with it off (budget < 300 MB: ${rssVerdict})`);

  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const weightRows = weights.map(({ name, budgeted, weight, scores }) => {
    const misses: string[] = [];
    if (budgeted && weight.jsBytes / 1024 > PAGE_BUDGET.maxJsKb) misses.push(`JS > ${PAGE_BUDGET.maxJsKb} KB`);
    if (budgeted && weight.cssBytes / 1024 > PAGE_BUDGET.maxCssKb) misses.push(`CSS > ${PAGE_BUDGET.maxCssKb} KB`);
    if (budgeted && scores) {
      if (scores.performance < PAGE_BUDGET.minPerformance) misses.push("performance");
      if (scores.accessibility < PAGE_BUDGET.minAccessibility) misses.push("accessibility");
      if (scores.bestPractices < PAGE_BUDGET.minBestPractices) misses.push("best practices");
      if (scores.seo < PAGE_BUDGET.minSeo) misses.push("SEO");
    }
    const lh = scores ? [scores.performance, scores.accessibility, scores.bestPractices, scores.seo] : ["-", "-", "-", "-"];
    return [name, kb(weight.htmlBytes), kb(weight.jsBytes), kb(weight.cssBytes), weight.requests, ...lh, !budgeted ? "-" : misses.length ? `MISSED: ${misses.join(", ")}` : "ok"];
  });
  console.log("\npage weight (compressed KB on the wire, first visit) and Lighthouse (mobile):");
  console.log(formatTable(["page", "HTML KB", "JS KB", "CSS KB", "requests", "perf", "a11y", "best pr.", "SEO", "budget"], weightRows));

  mkdirSync("bench/results", { recursive: true });
  const file = `bench/results/load-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  writeFileSync(file, JSON.stringify({ deals: catalogue.dealCount, database: catalogue.databaseKind, machine, connections: CONNECTIONS, seconds: SECONDS, bare: bareResult, measurements, addToBasket, rss, weights }, null, 2));
  console.log(`results written to ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
