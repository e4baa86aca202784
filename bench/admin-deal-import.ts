/**
 * npx tsx bench/admin-deal-import.ts: the bulk deal import (modules/deal-pipeline/import-deals.ts)
 * of a 10,000-row file (5,000 deals of two options) on a fresh in-memory PGlite, in-process: the
 * dry run, then the import in its batches. Budget: the import in under a minute.
 *
 *   BENCH_IMPORT_ROWS=10000 npx tsx bench/admin-deal-import.ts
 */
import { openDatabase } from "../db/client";
import { applyMigrations } from "../db/migrate";
import { systemClock } from "../lib/clock";
import { categories, locations, merchants } from "../modules/catalog/schema";
import { DEAL_IMPORT_COLUMNS } from "../modules/deal-pipeline/deal-import-csv";
import { checkDealImport, importDeals } from "../modules/deal-pipeline/import-deals";
import { staffUsers } from "../modules/staff/schema";
import { formatTable } from "./lib/table";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const BUDGET_SECONDS = 60;

function file(merchantId: number): string {
  const lines = [DEAL_IMPORT_COLUMNS.join(",")];
  for (let row = 0; row < ROWS; row++) {
    const deal = Math.floor(row / 2) + 1;
    const first = row % 2 === 0;
    const values: Record<string, string> = first
      ? {
          headline: `Spa day ${deal} for two`,
          title: `Spa day ${deal} for two with lunch`,
          description: "Full use of the pool and sauna and a two-course lunch.",
          deal_type: "local",
          country: "GB",
          location: "london",
          category: "beauty",
          sub_category: "spa",
          merchant_id: String(merchantId),
          redemption_type: "standard",
          closing_date: "2030-12-31 23:59",
        }
      : {};
    Object.assign(values, { deal: `d${deal}`, option_title: first ? "Weekday" : "Weekend", price: first ? "59.00" : "69.00", original_price: "120.00", stock: "200" });
    lines.push(DEAL_IMPORT_COLUMNS.map((column) => values[column] ?? "").join(","));
  }
  return lines.join("\n");
}

async function main() {
  const database = await openDatabase({ dataDir: "memory://" });
  await applyMigrations(database.kind, database.db);
  const { db } = database;
  const now = systemClock.now();
  await db.insert(locations).values({ id: 1, name: "London", shortName: "london", countryCode: "GB", lat: 51.5, lon: -0.12 });
  const [beauty] = await db.insert(categories).values({ shortName: "beauty", name: "Beauty", kind: "local" }).returning();
  await db.insert(categories).values({ shortName: "spa", name: "Spa", kind: "local", parentId: beauty.id });
  const [merchant] = await db.insert(merchants).values({ businessName: "Serenity Spa Ltd", displayName: "Serenity Spa" }).returning();
  const [staff] = await db.insert(staffUsers).values({ email: "bench@example.com", name: "Bench", role: "deal_manager", createdAt: now }).returning();
  const actor = { staffUserId: staff.id, name: "Bench", role: "deal_manager" as const };
  const text = file(merchant.id);

  const rows: (string | number)[][] = [];
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const measure = async (name: string, run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, process.memoryUsage().rss);
    rows.push([name, ROWS, seconds.toFixed(2), Math.round(ROWS / seconds), `${Math.round(peak / 1024 / 1024)} MB`]);
    return seconds;
  };
  await measure("dry run", async () => {
    const check = await checkDealImport(db, systemClock, actor, text);
    if (check.errors.length) throw new Error(`The bench file has errors: ${JSON.stringify(check.errors.slice(0, 3))}`);
  });
  const seconds = await measure("import (batches of 500 rows)", () => importDeals(db, systemClock, actor, { name: "bench.csv", text }));
  clearInterval(sampler);
  console.log(formatTable(["step", "rows", "seconds", "rows/s", "peak RSS"], rows));
  console.log(seconds < BUDGET_SECONDS ? `Within budget: ${seconds.toFixed(1)} s < ${BUDGET_SECONDS} s.` : `Over budget: ${seconds.toFixed(1)} s >= ${BUDGET_SECONDS} s.`);
  await database.close();
  if (seconds >= BUDGET_SECONDS) process.exitCode = 1;
}

await main();
