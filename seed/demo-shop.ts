import { locations } from "../modules/catalog/schema";
import { seedDemoPromoCodes } from "../modules/promotions/demo-codes";
import type { Db } from "../db/client";
import { type SeedSummary, seedCatalogue } from "./index";
import { seedVipShowcase } from "./vip-showcase";
import { computeRecommendations } from "../modules/recommendations/compute";
import { seedOrderHistory } from "./order-history";
import { indexAllDeals } from "../modules/search/index-deals";
import { fixedClock } from "../lib/clock";

/** A first start: no locations yet means nothing has been seeded or loaded. */
export async function catalogueIsEmpty(db: Db): Promise<boolean> {
  return (await db.$count(locations)) === 0;
}

/** The demo shop a first start gets: the demo catalogue and the promo codes the README lists. */
export async function seedDemoShop(db: Db, options: { deals: number; now: Date }): Promise<SeedSummary> {
  const summary = await seedCatalogue(db, options);
  await seedDemoPromoCodes(db, options.now);
  // The VIP hub's early access and VIP-only options.
  await seedVipShowcase(db, options.now);
  // Demo shoppers' past orders and views, and the recommendations learnt from them.
  await seedOrderHistory(db, { now: options.now });
  // The search index copies units sold (its popularity order): index again now the orders have sold.
  await indexAllDeals(db, fixedClock(options.now));
  await computeRecommendations(db, { now: options.now });
  return summary;
}
