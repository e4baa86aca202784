import { spawnSync } from "node:child_process";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../../db/client";
import { applyMigrations } from "../../db/migrate";
import { categories, deals, locations } from "../../modules/catalog/schema";

export interface BenchCatalogue {
  /** Environment that points the server at the benchmark database. */
  serverEnv: Record<string, string>;
  databaseKind: "pglite" | "postgres";
  dealCount: number;
  /** Open, published deals by popularity (most bought first): Zipf rank order. */
  deals: { id: number; urlPath: string; countryCode: "GB" | "IE" }[];
  locations: { shortName: string; countryCode: "GB" | "IE" }[];
  /** Top-level local categories (URL slugs), in their menu order. */
  categories: string[];
}

const PGLITE_DIR = "data/bench-pglite";
const PG_DATABASE = "dealwise_bench";

async function benchDatabaseUrl(serverUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = await admin.query("select 1 from pg_database where datname = $1", [PG_DATABASE]);
  if (exists.rowCount === 0) await admin.query(`create database "${PG_DATABASE}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${PG_DATABASE}`;
  return url.toString();
}

/**
 * Makes sure the benchmark database holds a catalogue of `wanted` deals (re-seeding with the seed
 * CLI when it holds another size), then reads the URL pools the load generator draws from.
 */
export async function prepareBenchCatalogue(wanted: number): Promise<BenchCatalogue> {
  const serverEnv: Record<string, string> = process.env.DATABASE_URL
    ? { DATABASE_URL: await benchDatabaseUrl(process.env.DATABASE_URL) }
    : { DATA_DIR: PGLITE_DIR };
  serverEnv.SEED_DEALS = "0";

  let database = await openDatabase({ url: serverEnv.DATABASE_URL, dataDir: serverEnv.DATA_DIR });
  await applyMigrations(database.kind, database.db);
  // The seed's gift wrap and pack presets are deals too, but not the catalogue's.
  const [{ total }] = await database.db.select({ total: count() }).from(deals).where(isNull(deals.giftPreset));
  if (total !== wanted) {
    await database.close();
    console.log(`seeding ${wanted} deals into the ${database.kind} benchmark database (it has ${total})…`);
    const seeded = spawnSync(process.execPath, ["--import", "tsx", "seed/cli.ts", "--deals", String(wanted), "--reset"], {
      env: { ...process.env, ...serverEnv },
      stdio: "inherit",
    });
    if (seeded.status !== 0) throw new Error("seeding the benchmark catalogue failed");
    database = await openDatabase({ url: serverEnv.DATABASE_URL, dataDir: serverEnv.DATA_DIR });
  }

  // A catalogue seeded by an older version may lack planner statistics; they decide index choice.
  await database.db.execute(sql`analyze`);
  const dealRows = await database.db
    .select({ id: deals.id, urlPath: deals.urlPath, countryCode: deals.countryCode })
    .from(deals)
    // What shoppers can reach: open and published (unpublished deals answer 404 outside previews).
    .where(and(eq(deals.open, true), eq(deals.published, true)))
    .orderBy(desc(deals.totalBought), deals.id);
  const locationRows = await database.db
    .select({ shortName: locations.shortName, countryCode: locations.countryCode })
    .from(locations)
    .orderBy(locations.sortOrder);
  const categoryRows = await database.db
    .select({ shortName: categories.shortName })
    .from(categories)
    .where(and(isNull(categories.parentId), eq(categories.kind, "local")))
    .orderBy(categories.sortOrder);
  const kind = database.kind;
  await database.close();
  return { serverEnv, databaseKind: kind, dealCount: wanted, deals: dealRows, locations: locationRows, categories: categoryRows.map((row) => row.shortName) };
}
