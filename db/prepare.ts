import type { Logger } from "pino";
import type { Database } from "./client";
import { applyMigrations } from "./migrate";
import { catalogueIsEmpty, seedDemoShop } from "./seed/demo-shop";

/**
 * Makes the database ready to serve: applies migrations and, when the catalogue is empty (first
 * start), seeds the demo catalogue. Runs under the setup lock so parallel instances don't race.
 */
export async function prepareDatabase(
  database: Database,
  options: { seedDeals: number; now: Date; logger: Logger },
): Promise<void> {
  await database.withSetupLock(async (db) => {
    await applyMigrations(database.kind, db);
    if (options.seedDeals === 0 || !(await catalogueIsEmpty(db))) return;
    options.logger.info({ deals: options.seedDeals }, "empty catalogue: seeding demo data");
    const started = performance.now();
    const summary = await seedDemoShop(db, { deals: options.seedDeals, now: options.now });
    options.logger.info({ ...summary, ms: Math.round(performance.now() - started) }, "demo data seeded");
  });
}
