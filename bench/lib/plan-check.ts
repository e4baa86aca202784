/**
 * Index check for the after-sale reads (PostgreSQL only): runs a use case once through a database
 * handle that records every statement drizzle sends, then EXPLAINs each one (with its parameters,
 * so the planner sees what production sees) and reports any sequential scan of the big after-sale
 * tables, and the indexes used.
 */
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema";

/** The tables that grow with every sale: a Seq Scan on one of them is a finding. */
const WATCHED = ["vouchers", "status_events", "voucher_refunds"];
/**
 * The travel calendar's big tables (bench/travel.ts): a year of nights per dated option, the flight
 * schedule, the catalogue's products. Not stock_reservations: the benchmark has no baskets, and on
 * an empty table any plan is a Seq Scan.
 */
export const TRAVEL_TABLES = ["travel_rates", "inventory_nights", "travel_flights", "products"];

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

export interface PlanVerdict {
  seqScans: string[];
  indexes: string[];
}

function walk(node: PlanNode, verdict: PlanVerdict, watched: readonly string[]): void {
  if (node["Node Type"] === "Seq Scan" && node["Relation Name"] && watched.includes(node["Relation Name"])) verdict.seqScans.push(node["Relation Name"]);
  const index = node["Index Name"];
  if (index && watched.some((table) => index.startsWith(`${table}_`))) verdict.indexes.push(index);
  for (const child of node.Plans ?? []) walk(child, verdict, watched);
}

export class PlanChecker {
  private captured: { query: string; params: unknown[] }[] = [];
  readonly db: Db;

  private readonly touchesWatched: RegExp;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly watched: readonly string[],
  ) {
    // Quoted by drizzle's builder, bare in hand-written SQL.
    this.touchesWatched = new RegExp(`\\b"?(${watched.join("|")})"?\\b`);
    this.db = drizzle({ client: pool, schema, logger: { logQuery: (query, params) => this.captured.push({ query, params }) } }) as unknown as Db;
  }

  static forUrl(databaseUrl: string, watched: readonly string[] = WATCHED): PlanChecker {
    return new PlanChecker(new pg.Pool({ connectionString: databaseUrl, max: 2 }), watched);
  }

  /** Runs `run` once and explains its reads and writes of the watched tables. */
  async check(run: (db: Db) => Promise<unknown>): Promise<PlanVerdict> {
    this.captured = [];
    await run(this.db);
    const verdict: PlanVerdict = { seqScans: [], indexes: [] };
    // Each distinct statement once (a job repeats the same few statements thousands of times).
    const distinct = new Map(this.captured.reverse().map((statement) => [statement.query, statement]));
    for (const { query, params } of distinct.values()) {
      if (!/^\s*(select|update|delete|with)/i.test(query) || !this.touchesWatched.test(query)) continue;
      const result = await this.pool.query<{ "QUERY PLAN": { Plan: PlanNode }[] }>(`explain (format json) ${query}`, params);
      walk(result.rows[0]["QUERY PLAN"][0].Plan, verdict, this.watched);
    }
    return { seqScans: [...new Set(verdict.seqScans)], indexes: [...new Set(verdict.indexes)] };
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

/** The table's plan column: "ok (indexes…)" or the tables read whole. */
export function describePlan(verdict: PlanVerdict | null): string {
  if (!verdict) return "- (PGlite)";
  if (verdict.seqScans.length > 0) return `Seq Scan on ${verdict.seqScans.join(", ")}`;
  return `index: ${verdict.indexes.join(", ") || "none needed"}`;
}
