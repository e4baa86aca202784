/**
 * Search and suggest latency, measured server-side (the use cases the API and pages call, no
 * HTTP), over a fixed list of realistic queries on whatever catalogue the database holds.
 *
 *   DATABASE_URL=postgres://… npx tsx bench/search.ts [--rounds 3] [--explain]
 *   DATA_DIR=/tmp/pglite-bench npx tsx bench/search.ts
 *
 * Prints a table (p50, p95, p99, max in ms, queries per second for one client, and the CPU time a
 * query costs the app plus the database, which other load on the machine does not inflate).
 * --explain prints EXPLAIN ANALYZE of the SQL a few searches and suggestions run, to check index use.
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { type SQL, sql } from "drizzle-orm";
import { type Db, openDatabase } from "../db/client";
import { queryRows } from "../db/query-rows";
import { fixedClock } from "../lib/clock";
import { searchDeals } from "../modules/search/search-deals";
import { suggestSearches } from "../modules/search/suggest";
import { SEARCH_LOCATIONS, SEARCH_QUERIES, SUGGEST_QUERIES } from "./search-queries";

interface Options {
  rounds: number;
  explain: boolean;
}

function parseArgs(args: readonly string[]): Options {
  const options: Options = { rounds: 3, explain: false };
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--rounds") options.rounds = Number(args[++i]);
    else if (args[i] === "--explain") options.explain = true;
    else throw new Error(`unknown argument ${args[i]}; usage: bench/search.ts [--rounds N] [--explain]`);
  }
  if (!Number.isInteger(options.rounds) || options.rounds < 1) throw new Error("--rounds needs a whole number of 1 or more");
  return options;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

interface Measured {
  name: string;
  samples: number[];
  seconds: number;
  /** CPU milliseconds used by this process and the database server's backends. */
  cpuMs: number;
}

// Linux accounts process CPU time in clock ticks of 1/100 s (USER_HZ).
const TICKS_PER_SECOND = 100;

/** CPU milliseconds used so far by this process and (PostgreSQL on this machine) the given backends. */
function cpuMsSoFar(backendPids: readonly number[]): number {
  const own = process.cpuUsage();
  let ticks = 0;
  for (const pid of backendPids) {
    // Fields after the command name: state is field 3, utime 14, stime 15.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (own.user + own.system) / 1000 + (ticks * 1000) / TICKS_PER_SECOND;
}

async function measure(
  name: string,
  inputs: readonly string[],
  rounds: number,
  backendPids: () => Promise<number[]>,
  run: (input: string, i: number) => Promise<unknown>,
): Promise<Measured> {
  // One untimed pass: the first queries would otherwise measure cold caches and JIT.
  for (const [i, input] of inputs.entries()) await run(input, i);
  const pids = await backendPids();
  const samples: number[] = [];
  const cpuBefore = cpuMsSoFar(pids);
  const started = performance.now();
  for (let round = 0; round < rounds; round++) {
    for (const [i, input] of inputs.entries()) {
      const t0 = performance.now();
      await run(input, i);
      samples.push(performance.now() - t0);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return { name, samples, seconds, cpuMs: cpuMsSoFar(pids) - cpuBefore };
}

function row(m: Measured): string {
  const sorted = [...m.samples].sort((a, b) => a - b);
  const ms = (value: number) => value.toFixed(1);
  const qps = (m.samples.length / m.seconds).toFixed(0);
  const cpu = ms(m.cpuMs / m.samples.length);
  return `| ${m.name} | ${m.samples.length} | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 95))} | ${ms(percentile(sorted, 99))} | ${ms(sorted[sorted.length - 1])} | ${qps} | ${cpu} |`;
}

/** A Db whose raw SQL is also run under EXPLAIN ANALYZE and printed. */
function explaining(db: Db, label: () => string): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== "execute") return Reflect.get(target, property, receiver);
      return async (query: SQL) => {
        const plan = await queryRows<Record<string, string>>(target, sql`explain (analyze, buffers, costs off) ${query}`);
        process.stdout.write(`\n-- ${label()}\n${plan.map((line) => Object.values(line)[0]).join("\n")}\n`);
        return target.execute(query);
      };
    },
  });
}

const APPLICATION_NAME = "dealwise-bench-search";

function withApplicationName(databaseUrl: string): string {
  const parsed = new URL(databaseUrl);
  parsed.searchParams.set("application_name", APPLICATION_NAME);
  return parsed.toString();
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const url = process.env.DATABASE_URL ? withApplicationName(process.env.DATABASE_URL) : undefined;
  const dataDir = process.env.DATA_DIR || "data/pglite";
  const database = await openDatabase({ url, dataDir, poolSize: 2 });
  try {
    const db = database.db;
    const [{ deals, documents }] = await queryRows<{ deals: number; documents: number }>(
      db,
      sql`select (select count(*)::int from deals) as deals, (select count(*)::int from search_documents) as documents`,
    );
    if (documents === 0) throw new Error("the search index is empty: seed first (npm run seed -- --deals 100000 --reset)");
    // The demo catalogue's closing dates are relative to the seed's fixed "now".
    const clock = fixedClock("2026-11-21T12:00:00Z");
    const search = (q: string, i: number) =>
      searchDeals(db, clock, { countryCode: "GB", location: SEARCH_LOCATIONS[i % SEARCH_LOCATIONS.length], q });
    const suggest = (q: string) => suggestSearches(db, clock, { countryCode: "GB", q });

    if (options.explain) {
      let current = "";
      const explained = explaining(db, () => current);
      for (const q of ["spa", "resturant", "manch", "afternoon tea manchester"]) {
        current = `search "${q}"`;
        await searchDeals(explained, clock, { countryCode: "GB", location: "london", q });
      }
      for (const q of ["sp", "manch", "afternoon t"]) {
        current = `suggest "${q}"`;
        await suggestSearches(explained, clock, { countryCode: "GB", q });
      }
      return;
    }

    // PGlite runs inside this process; PostgreSQL's backends are found by the application name.
    const backendPids = async () =>
      url
        ? (await queryRows<{ pid: number }>(db, sql`select pid from pg_stat_activity where application_name = ${APPLICATION_NAME}`)).map((r) => r.pid)
        : [];
    const loadBefore = loadavg()[0];
    const results = [
      await measure("search", SEARCH_QUERIES, options.rounds, backendPids, search),
      await measure("suggest", SUGGEST_QUERIES, options.rounds, backendPids, suggest),
    ];
    const where = url ? "PostgreSQL" : `PGlite (${dataDir})`;
    process.stdout.write(
      `\n${where}: ${deals} deals, ${documents} indexed; ${SEARCH_QUERIES.length} search and ${SUGGEST_QUERIES.length} suggest queries, ${options.rounds} timed rounds after one warm-up round, one client; load average ${loadBefore.toFixed(1)} → ${loadavg()[0].toFixed(1)}\n\n`,
    );
    process.stdout.write(
      "| call | samples | p50 ms | p95 ms | p99 ms | max ms | queries/s | CPU ms/query |\n|---|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for (const measured of results) process.stdout.write(`${row(measured)}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench/search: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
