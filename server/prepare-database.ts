import type { Logger } from "pino";
import type { Database } from "../db/client";
import { applyMigrations } from "../db/migrate";
import { catalogueIsEmpty, seedDemoShop } from "../seed/demo-shop";
import { ensureDemoMerchantUser } from "../seed/demo-merchant-user";
import { ensureDemoOwner } from "../seed/demo-staff";
import { ensureGiftPresets } from "../seed/gift-presets";

/**
 * Makes the database ready to serve: applies migrations and, when the catalogue is empty (first
 * start), seeds the demo catalogue; an older catalogue gets the gift presets it lacks. Runs under the setup lock so parallel instances don't race.
 */
export async function prepareDatabase(
  database: Database,
  options: { seedDeals: number; now: Date; logger: Logger; demo?: boolean },
): Promise<void> {
  await database.withSetupLock(async (db) => {
    await applyMigrations(database.kind, db);
    // The demo's back-office owner (owner@example.com); outside the demo no default account exists.
    if (options.demo && (await ensureDemoOwner(db, options.now))) options.logger.info("demo back-office owner seeded");
    if (!(await catalogueIsEmpty(db))) {
      // A database seeded before gift presets existed gets them now (a no-op once it has them).
      const added = await ensureGiftPresets(db);
      if (added > 0) options.logger.info({ added }, "gift wrap and gift pack presets added");
    } else if (options.seedDeals > 0) {
      options.logger.info({ deals: options.seedDeals }, "empty catalogue: seeding demo data");
      const started = performance.now();
      const summary = await seedDemoShop(db, { deals: options.seedDeals, now: options.now });
      options.logger.info({ ...summary, ms: Math.round(performance.now() - started) }, "demo data seeded");
    }
    // The demo's merchant till user (till@example.com), once there is a merchant to work for.
    if (options.demo && (await ensureDemoMerchantUser(db, options.now))) options.logger.info("demo merchant user seeded");
  });
}
