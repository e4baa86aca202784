/**
 * Offline evaluation of the recommendations: hit rate at 10 on held-out purchases.
 *
 *   npm run bench:recommendations
 *   BENCH_DEALS=2000 BENCH_SHOPPERS=200 npm run bench:recommendations
 *
 * Seeds the demo catalogue and the demo order history (seed/order-history.ts) into an in-memory
 * database, holds out each demo shopper's last purchase, learns from everything else (their
 * earlier purchases, everyone else's purchases, views other than of the held-out deal), stores the
 * neighbours in deal_recommendations and asks the serving code (recommendFromDeals, exactly as the
 * API does) for 10 deals from the shopper's earlier purchases. A hit is the held-out deal among
 * them. Held-out deals nobody could be shown now (sold out, closed, another location) are left out
 * of the count for every method alike. The baseline is the fallback alone: the most popular deals
 * (total_bought) of the shopper's location.
 */
import { and, eq, inArray } from "drizzle-orm";
import { openDatabase } from "../db/client";
import { applyMigrations } from "../db/migrate";
import { DEFAULT_SEED_NOW, seedCatalogue } from "../seed";
import { seedOrderHistory } from "../seed/order-history";
import { BRANDS } from "../lib/brand";
import { findLocation } from "../modules/catalog/locations";
import { deals } from "../modules/catalog/schema";
import { readShopperHistories, storeNeighbours } from "../modules/recommendations/compute";
import { scoreItemToItem } from "../modules/recommendations/item-to-item";
import { recommendFromDeals, servableCondition } from "../modules/recommendations/serve";
import { formatTable } from "./lib/table";

const DEALS = Number(process.env.BENCH_DEALS ?? 2000);
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 200);
const K = 10;

async function main() {
  const started = performance.now();
  const database = await openDatabase({ dataDir: "memory://" });
  const { db } = database;
  await applyMigrations(database.kind, db);
  const now = DEFAULT_SEED_NOW;
  await seedCatalogue(db, { deals: DEALS, now });
  const seeded = await seedOrderHistory(db, { now, shoppersPerMarket: SHOPPERS });
  const histories = await readShopperHistories(db);

  // Each shopper's last purchase is held out; everything else trains.
  const heldOut = new Map<string, number>();
  const training = new Map<string, { purchased: number[]; viewed: number[] }>();
  for (const [key, history] of histories) {
    if (key.startsWith("c") && history.purchased.length >= 2) {
      const last = history.purchased.at(-1)!;
      heldOut.set(key, last);
      training.set(key, { purchased: history.purchased.slice(0, -1), viewed: history.viewed.filter((id) => id !== last) });
    } else training.set(key, history);
  }

  const dealIds = [...new Set([...training.values()].flatMap((history) => history.purchased).concat([...heldOut.values()]))];
  const facts = new Map(
    (await db.select({ id: deals.id, countryCode: deals.countryCode, locationId: deals.locationId }).from(deals).where(inArray(deals.id, dealIds))).map((row) => [row.id, row]),
  );
  const defaultLocation = {
    GB: (await findLocation(db, "GB", BRANDS.wowcher.defaultLocationSlug))!.id,
    IE: (await findLocation(db, "IE", BRANDS.wowcherie.defaultLocationSlug))!.id,
  };

  // Which held-out deals a shopper of that location could be shown at all (the same for every method).
  const cases: { seeds: number[]; target: number; countryCode: "GB" | "IE"; locationId: number }[] = [];
  for (const [key, target] of heldOut) {
    const seeds = training.get(key)!.purchased;
    const fact = facts.get(target)!;
    const local = seeds.map((id) => facts.get(id)!.locationId).find((id) => id !== null) ?? fact.locationId ?? defaultLocation[fact.countryCode];
    const [servable] = await db.select({ id: deals.id }).from(deals).where(and(eq(deals.id, target), servableCondition(fact.countryCode, now, local)));
    if (servable) cases.push({ seeds, target, countryCode: fact.countryCode, locationId: local });
  }

  const methods: { name: string; train: () => Map<string, { purchased: number[]; viewed: number[] }> | null }[] = [
    { name: "Popularity in the shopper's location (baseline)", train: () => null },
    { name: "Item-to-item: co-purchases, popularity fallback", train: () => new Map([...training].map(([key, history]) => [key, { purchased: history.purchased, viewed: [] }])) },
    { name: "Item-to-item: co-purchases + co-views, popularity fallback", train: () => training },
  ];
  const rows: (string | number)[][] = [];
  let baseline = 0;
  for (const method of methods) {
    const data = method.train();
    const pairs = await storeNeighbours(db, data ? scoreItemToItem(data.values()) : new Map(), now);
    let hits = 0;
    let fromItems = 0;
    for (const test of cases) {
      const served = await recommendFromDeals(db, { countryCode: test.countryCode, now, locationId: test.locationId, seedDealIds: data ? test.seeds : [], excludeDealIds: data ? [] : test.seeds, limit: K });
      if (served.deals.some((deal) => deal.id === test.target)) hits += 1;
      if (served.origins.includes("item_to_item")) fromItems += 1;
    }
    const rate = cases.length ? hits / cases.length : 0;
    if (!data) baseline = rate;
    rows.push([method.name, pairs, `${hits}/${cases.length}`, `${(rate * 100).toFixed(1)}%`, data ? `${(rate / (baseline || 1)).toFixed(2)}×` : "1.00×", `${((fromItems / (cases.length || 1)) * 100).toFixed(0)}%`]);
  }
  await database.close();

  console.log(`Recommendations, offline: ${DEALS} deals, ${seeded.shoppers} demo shoppers, ${seeded.orders} orders, ${seeded.views} views; ${heldOut.size} held-out last purchases, ${cases.length} still on sale to that shopper.\n`);
  console.log(formatTable(["Method", "Stored pairs", "Hits", `Hit rate@${K}`, "vs baseline", "Shoppers with item-to-item"], rows));
  console.log(`\n${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
