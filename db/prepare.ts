import { count } from "drizzle-orm";
import type { Logger } from "pino";
import { locations } from "../modules/catalog/schema";
import type { Database } from "./client";
import { applyMigrations } from "./migrate";
import { seedCatalogue } from "./seed";
import { seedDemoPromoCodes } from "../modules/promotions/demo-codes";

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
    const [{ total }] = await db.select({ total: count() }).from(locations);
    if (total > 0 || options.seedDeals === 0) return;
    options.logger.info({ deals: options.seedDeals }, "empty catalogue: seeding demo data");
    const started = performance.now();
    const summary = await seedCatalogue(db, { deals: options.seedDeals, now: options.now });
    await seedDemoPromoCodes(db, options.now);
    options.logger.info({ ...summary, ms: Math.round(performance.now() - started) }, "demo data seeded");
  });
}
