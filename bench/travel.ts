/**
 * The travel calendar under load: GET /v1/availability/deal/{dealId} at 20 connections against the
 * production server on the 100k-deal benchmark catalogue, with Zipf traffic over its dated travel
 * deals (calendar and choose-your-flight: a year of nightly rates and rooms per option, flights).
 *
 *   npm run bench:travel                                   # PGlite (data/bench-pglite)
 *   DATABASE_URL=postgres://… npm run bench:travel         # PostgreSQL (database dealwise_bench)
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=20 npm run bench:travel
 *
 * A catalogue seeded before travel was dated gets its travel data first (seed/travel.ts). The
 * request mix: passengers 2 (70%), 4, 6, 8; half ask for the first month with availability, half
 * for one of the next 12; 30% filter by 1–7 nights; choose-your-flight deals ask for 'Any London'
 * half the time. Also measured, for information: GET /v1/deal/{id} on the same deals (a yardstick
 * for how busy the machine is), the calendar-products and flights calls, and
 * in-process (no HTTP) one calendar at a time. On
 * PostgreSQL each call's statements are EXPLAINed: a Seq Scan on the travel tables is reported.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { openDatabase } from "../db/client";
import { queryRows } from "../db/query-rows";
import { DEFAULT_SEED } from "../seed";
import { seedTravel } from "../seed/travel";
import { type AvailabilityRequest, dealAvailability } from "../modules/travel/availability";
import { addDays } from "../modules/travel/stay-rules";
import { prepareBenchCatalogue } from "./lib/catalogue";
import { type LoadRequest, type LoadResult, runLoad } from "./lib/load";
import { PlanChecker, TRAVEL_TABLES, describePlan } from "./lib/plan-check";
import { startServer } from "./lib/server-process";
import { formatTable } from "./lib/table";
import { timeSerially } from "./lib/timing";
import { zipfPicker } from "./lib/zipf";

const DEALS = Number(process.env.BENCH_DEALS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const WARMUP_SECONDS = 3;
const PORT = 3920;
const TARGET_P95_MS = 30;
const HOSTS = { GB: "wowcher.co.uk", IE: "wowcher.ie" } as const;

interface TravelDealRow {
  id: number;
  countryCode: "GB" | "IE";
  withFlights: boolean;
}

function weighted<T>(choices: [T, number][]): T {
  let target = Math.random() * choices.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [value, weight] of choices) if ((target -= weight) < 0) return value;
  return choices[choices.length - 1][0];
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The availability mix described at the top. */
function availabilityPicker(deals: TravelDealRow[]): () => LoadRequest {
  const pick = zipfPicker(deals);
  return () => {
    const deal = pick();
    const query = new URLSearchParams({ quantity: String(weighted([[2, 70], [4, 20], [6, 6], [8, 4]])) });
    if (Math.random() < 0.5) {
      const at = new Date();
      at.setUTCMonth(at.getUTCMonth() + Math.floor(Math.random() * 12));
      query.set("month", String(at.getUTCMonth() + 1));
      query.set("year", String(at.getUTCFullYear()));
    }
    if (Math.random() < 0.3) query.set("nights", String(1 + Math.floor(Math.random() * 7)));
    if (deal.withFlights && deal.countryCode === "GB" && Math.random() < 0.5) query.set("departureAirport", "Any London");
    return { path: `/v1/availability/deal/${deal.id}?${query}`, headers: { host: HOSTS[deal.countryCode] } };
  };
}

function calendarProductsPicker(deals: TravelDealRow[]): () => LoadRequest {
  const pick = zipfPicker(deals);
  return () => {
    const deal = pick();
    const checkIn = addDays(today(), 1 + Math.floor(Math.random() * 90));
    return { path: `/v1/calendar-products/${deal.id}?checkIn=${checkIn}&nights=${1 + Math.floor(Math.random() * 4)}&quantity=2`, headers: { host: HOSTS[deal.countryCode] } };
  };
}

function flightsPicker(deals: TravelDealRow[]): () => LoadRequest {
  const pick = zipfPicker(deals.filter((deal) => deal.withFlights));
  return () => {
    const deal = pick();
    const date = addDays(today(), 1 + Math.floor(Math.random() * 90));
    const airport = deal.countryCode === "GB" ? "&departureAirport=Any%20London" : "";
    return { path: `/v1/flights/${deal.id}/${date}?quantity=2${airport}`, headers: { host: HOSTS[deal.countryCode] } };
  };
}

async function main() {
  const built = spawnSync("npm", ["run", "--silent", "build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (built.status !== 0) throw new Error("build failed");
  const catalogue = await prepareBenchCatalogue(DEALS);
  const database = await openDatabase({ url: catalogue.serverEnv.DATABASE_URL, dataDir: catalogue.serverEnv.DATA_DIR, poolSize: 4 });
  const db = database.db;

  const [{ dated }] = await queryRows<{ dated: number }>(db, sql`select count(*)::int as dated from travel_products`);
  if (dated === 0) {
    console.log("dating the catalogue's travel deals (seed/travel.ts)…");
    const started = performance.now();
    const summary = await seedTravel(db, { seed: DEFAULT_SEED, now: new Date(), onProgress: (n) => n % 1000 < 200 && console.log(`  ${n} deals`) });
    await db.execute(sql`analyze travel_products, travel_rates, inventory_nights, travel_flights`);
    console.log(`  ${summary.deals} deals, ${summary.products} options, ${summary.nights} nights, ${summary.flights} flights in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const deals = (
    await queryRows<{ id: number; country_code: "GB" | "IE"; with_flights: boolean }>(
      db,
      sql`select d.id, d.country_code, bool_or(tp.with_flights) as with_flights from deals d join travel_products tp on tp.deal_id = d.id
          where d.open and d.published group by d.id order by d.total_bought desc, d.id`,
    )
  ).map((row): TravelDealRow => ({ id: row.id, countryCode: row.country_code, withFlights: row.with_flights }));
  const [sizes] = await queryRows<{ options: number; nights: number; flights: number }>(
    db,
    sql`select (select count(*)::int from travel_products) as options, (select count(*)::int from travel_rates) as nights, (select count(*)::int from travel_flights) as flights`,
  );
  console.log(`${deals.length} open dated travel deals (${deals.filter((d) => d.withFlights).length} with flights); ${sizes.options} options, ${sizes.nights} nights, ${sizes.flights} flights`);

  // In-process: what one calendar costs without HTTP (one statement, plus the fares for flights).
  const hotel = deals.find((deal) => !deal.withFlights && deal.countryCode === "GB")!;
  const flying = deals.find((deal) => deal.withFlights && deal.countryCode === "GB")!;
  const request = (deal: TravelDealRow, extra: Partial<AvailabilityRequest> = {}): AvailabilityRequest => ({ dealId: deal.id, countryCode: deal.countryCode, now: new Date(), ...extra });
  const inProcess: [string, Awaited<ReturnType<typeof timeSerially>>][] = [];
  inProcess.push(["calendar of the most popular hotel", await timeSerially(200, () => dealAvailability(db, request(hotel)))]);
  inProcess.push(["calendar of the most popular flights package, Any London", await timeSerially(200, () => dealAvailability(db, request(flying, { departureAirport: "Any London" })))]);

  let plan = "- (PGlite)";
  if (catalogue.serverEnv.DATABASE_URL) {
    const checker = PlanChecker.forUrl(catalogue.serverEnv.DATABASE_URL, TRAVEL_TABLES);
    const verdict = await checker.check(async (captureDb) => {
      for (const deal of [hotel, flying]) await dealAvailability(captureDb, request(deal, { departureAirport: deal.withFlights ? "Any London" : undefined }));
    });
    await checker.close();
    plan = verdict.seqScans.length > 0 ? `MISSED: ${describePlan(verdict)}` : describePlan(verdict);
  }
  await database.close();

  const load = loadavg()[0];
  const server = await startServer({ ...catalogue.serverEnv, PAGE_CACHE: "off" }, PORT);
  const results: { call: string; result: LoadResult; target: number | null }[] = [];
  try {
    // The same deals' GET /v1/deal/{id}: the machine's yardstick for one small read of a deal,
    // so a busy (shared) machine's numbers can still be compared with another day's.
    const pickDeal = zipfPicker(deals);
    const dealPage = (): LoadRequest => {
      const deal = pickDeal();
      return { path: `/v1/deal/${deal.id}`, headers: { host: HOSTS[deal.countryCode] } };
    };
    for (const [call, next, target] of [
      ["GET /v1/deal/{id} (yardstick)", dealPage, null],
      ["GET /v1/availability/deal/{dealId}", availabilityPicker(deals), TARGET_P95_MS],
      ["GET /v1/calendar-products/{dealId}", calendarProductsPicker(deals), null],
      ["GET /v1/flights/{dealId}/{date}", flightsPicker(deals), null],
    ] as const) {
      await runLoad(server.baseUrl, next, { connections: CONNECTIONS, seconds: WARMUP_SECONDS });
      const result = await runLoad(server.baseUrl, next, { connections: CONNECTIONS, seconds: SECONDS });
      console.log(`  ${call}: ${Math.round(result.requestsPerSecond)} req/s, p95 ${result.p95.toFixed(1)} ms`);
      results.push({ call, result, target });
    }
  } finally {
    // Let the last phase's requests in flight finish before the server shuts its pool.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await server.stop();
  }

  const databaseName = catalogue.databaseKind === "postgres" ? "PostgreSQL" : "PGlite";
  console.log(`\n${databaseName}, ${catalogue.dealCount} deals (${deals.length} dated travel deals), ${CONNECTIONS} connections, ${SECONDS} s per call after ${WARMUP_SECONDS} s warm-up; ${cpus().length} CPUs, load average ${load.toFixed(1)} at start; server peak RSS ${Math.round(server.peakRssMb())} MB\n`);
  console.log(
    formatTable(
      ["call", "requests", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors", "target p95", "verdict"],
      results.map(({ call, result, target }) => {
        const failed = result.errors + result.non2xx;
        const verdict = failed > 0 ? `${failed} errors` : target === null ? "-" : result.p95 < target ? "ok" : "MISSED";
        return [call, result.requests, Math.round(result.requestsPerSecond), result.p50.toFixed(1), result.p95.toFixed(1), result.p99.toFixed(1), failed, target === null ? "-" : `< ${target} ms`, verdict];
      }),
    ),
  );
  console.log(`\nin-process, one call at a time (plan check: ${plan}):\n`);
  console.log(formatTable(["call", "calls", "p50 ms", "p95 ms", "p99 ms"], inProcess.map(([call, t]) => [call, t.calls, t.p50.toFixed(2), t.p95.toFixed(2), t.p99.toFixed(2)])));
  mkdirSync("bench/results", { recursive: true });
  writeFileSync(
    `bench/results/travel-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
    JSON.stringify({ database: databaseName, deals: catalogue.dealCount, datedDeals: deals.length, sizes, connections: CONNECTIONS, seconds: SECONDS, load, results, inProcess, plan }, null, 2),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
