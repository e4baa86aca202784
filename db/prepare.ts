import type { Logger } from "pino";
import type { Database } from "./client";
import { applyMigrations } from "./migrate";
import { catalogueIsEmpty, seedDemoShop } from "./seed/demo-shop";
import { ensureGiftPresets } from "./seed/gift-presets";

/**
 * Makes the database ready to serve: applies migrations and, when the catalogue is empty (first
 * start), seeds the demo catalogue; an older catalogue gets the gift presets it lacks. Runs under the setup lock so parallel instances don't race.
 */
export async function prepareDatabase(
  database: Database,
  options: { seedDeals: number; now: Date; logger: Logger },
): Promise<void> {
  await database.withSetupLock(async (db) => {
    await applyMigrations(database.kind, db);
    if (!(await catalogueIsEmpty(db))) {
      // A database seeded before gift presets existed gets them now (a no-op once it has them).
      const added = await ensureGiftPresets(db);
      if (added > 0) options.logger.info({ added }, "gift wrap and gift pack presets added");
      return;
    }
    if (options.seedDeals === 0) return;
    options.logger.info({ deals: options.seedDeals }, "empty catalogue: seeding demo data");
    const started = performance.now();
    const summary = await seedDemoShop(db, { deals: options.seedDeals, now: options.now });
    options.logger.info({ ...summary, ms: Math.round(performance.now() - started) }, "demo data seeded");
  });
}
