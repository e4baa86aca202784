/**
 * A demo order history, so "Buy again" and the recommendations have something real to learn
 * from: demo shoppers (accounts nobody can sign in to: no password) with past orders and a few
 * viewed deals. Orders are dated 35 to 400 days back, so nothing "recent" is invented (the social
 * cue and the daily caps read the sales ledgers, which this leaves empty). Orders hang off
 * negative basket ids, which no real basket ever has.
 *
 * Shoppers behave the way the catalogue suggests: each has a home location and a taste (one or two
 * sub-categories), most purchases come from it, popular deals are picked more often, and some
 * purchases follow a "goes with" deal of the one before (a day out and a dinner, a gadget and its
 * accessory). That last habit is what item-to-item recommendations can learn and popularity can't.
 */
import { and, eq, isNull } from "drizzle-orm";
import { customers } from "../../modules/accounts/schema";
import { deals, products } from "../../modules/catalog/schema";
import { orderLines, orders } from "../../modules/orders/schema";
import { recentlyViewedDeals } from "../../modules/recently-viewed/schema";
import type { BrandId } from "../../lib/brand";
import type { Db } from "../client";
import { bulkInsert } from "./bulk-insert";
import { Random } from "./random";

export interface OrderHistoryOptions {
  now: Date;
  seed?: number;
  /** Demo shoppers per market (GB: split over wowcher and livingsocial; IE likewise). */
  shoppersPerMarket?: number;
}

export interface OrderHistorySummary {
  shoppers: number;
  orders: number;
  views: number;
}

interface SeedDeal {
  id: number;
  productId: number;
  countryCode: "GB" | "IE";
  dealType: string;
  locationId: number | null;
  subCategoryId: number;
  title: string;
  price: number;
  originalPrice: number;
  currency: "GBP" | "EUR";
  weight: number;
}

const DAY_MS = 86_400_000;
/** How often a purchase is the "goes with" deal of the previous one. */
const COMPANION_CHANCE = 0.35;
/** How often a purchase is from the shopper's taste (else anything popular in their reach). */
const TASTE_CHANCE = 0.75;

export async function seedOrderHistory(db: Db, options: OrderHistoryOptions): Promise<OrderHistorySummary> {
  const rng = new Random((options.seed ?? 42) ^ 0x0dd5);
  const perMarket = options.shoppersPerMarket ?? 200;
  const rows = await db
    .select({
      id: deals.id,
      productId: products.id,
      countryCode: deals.countryCode,
      dealType: deals.dealType,
      locationId: deals.locationId,
      subCategoryId: deals.subCategoryId,
      title: deals.headline,
      price: products.price,
      originalPrice: products.originalPrice,
      currency: deals.currency,
      totalBought: deals.totalBought,
    })
    .from(deals)
    .innerJoin(products, eq(products.dealId, deals.id))
    .where(and(eq(deals.published, true), isNull(deals.giftPreset)))
    .orderBy(deals.id, products.id);
  const byDeal = new Map<number, SeedDeal>();
  for (const row of rows) if (!byDeal.has(row.id)) byDeal.set(row.id, { ...row, weight: Math.sqrt(row.totalBought + 1) });
  const all = [...byDeal.values()];

  const newCustomers: (typeof customers.$inferInsert)[] = [];
  const plans: { brand: BrandId; purchases: SeedDeal[]; views: SeedDeal[]; firstDay: number }[] = [];
  const markets: { countryCode: "GB" | "IE"; brands: BrandId[] }[] = [
    { countryCode: "GB", brands: ["wowcher", "livingsocial"] },
    { countryCode: "IE", brands: ["wowcherie", "livingsocialie"] },
  ];
  let counter = 0;
  for (const market of markets) {
    const inMarket = all.filter((deal) => deal.countryCode === market.countryCode);
    if (inMarket.length < 10) continue;
    // Every deal's "goes with" partner: a deal of another sub-category a buyer can also reach.
    const companion = new Map<number, SeedDeal>();
    for (const deal of inMarket) {
      const reachable = inMarket.filter((other) => other.subCategoryId !== deal.subCategoryId && (other.dealType !== "local" || deal.dealType !== "local" || other.locationId === deal.locationId));
      if (reachable.length) companion.set(deal.id, reachable[rng.weightedIndex(reachable.map((other) => other.weight))]);
    }
    const homes = [...new Set(inMarket.map((deal) => deal.locationId).filter((id): id is number => id !== null))];
    for (let n = 0; n < perMarket; n++) {
      counter += 1;
      const home = homes.length ? rng.pick(homes) : null;
      const reach = inMarket.filter((deal) => deal.dealType !== "local" || deal.locationId === home);
      const subCategories = [...new Set(reach.map((deal) => deal.subCategoryId))];
      const taste = new Set([rng.pick(subCategories), rng.pick(subCategories)]);
      const liked = reach.filter((deal) => taste.has(deal.subCategoryId));
      const pickFrom = (pool: SeedDeal[]) => pool[rng.weightedIndex(pool.map((deal) => deal.weight))];
      const purchases: SeedDeal[] = [];
      const count = rng.int(2, 7);
      while (purchases.length < count) {
        const previous = purchases.at(-1);
        const next =
          previous && companion.has(previous.id) && rng.chance(COMPANION_CHANCE)
            ? companion.get(previous.id)!
            : liked.length && rng.chance(TASTE_CHANCE)
              ? pickFrom(liked)
              : pickFrom(reach);
        if (!purchases.includes(next)) purchases.push(next);
        else if (reach.length <= purchases.length) break;
      }
      const views = liked.length ? Array.from({ length: rng.int(1, 3) }, () => pickFrom(liked)) : [];
      const brand = rng.pick(market.brands);
      const created = new Date(options.now.getTime() - 420 * DAY_MS);
      newCustomers.push({
        brand,
        email: `demo.shopper${counter}@example.invalid`,
        firstName: "Demo",
        lastName: `Shopper ${counter}`,
        customerToken: `demo-shopper-${counter}-${Math.floor(rng.next() * 2 ** 32).toString(36)}`,
        createdAt: created,
        updatedAt: created,
      });
      plans.push({ brand, purchases, views: [...new Set(views)], firstDay: rng.int(120, 400) });
    }
  }
  if (newCustomers.length === 0) return { shoppers: 0, orders: 0, views: 0 };

  return db.transaction(async (tx) => {
    const inserted = await tx.insert(customers).values(newCustomers).returning({ id: customers.id });
    const orderRows: (typeof orders.$inferInsert)[] = [];
    const lineDrafts: { orderIndex: number; customerId: number; deal: SeedDeal; at: Date }[] = [];
    const viewRows: (typeof recentlyViewedDeals.$inferInsert)[] = [];
    let basketId = -1;
    plans.forEach((plan, index) => {
      const customerId = inserted[index].id;
      // Oldest first, a few weeks apart, the last one at least 35 days ago.
      const step = Math.max(1, Math.floor((plan.firstDay - 35) / plan.purchases.length));
      plan.purchases.forEach((deal, k) => {
        const at = new Date(options.now.getTime() - (plan.firstDay - k * step) * DAY_MS - rng.int(0, 12 * 3600) * 1000);
        lineDrafts.push({ orderIndex: orderRows.length, customerId, deal, at });
        orderRows.push({
          brand: plan.brand,
          currency: deal.currency,
          customerId,
          basketId: basketId--,
          email: newCustomers[index].email,
          subtotal: deal.price,
          postage: 0,
          discount: 0,
          walletRefundableUsed: 0,
          walletMarketingUsed: 0,
          total: deal.price,
          quantity: 1,
          paymentMethod: "card",
          createdAt: at,
        });
      });
      plan.views.forEach((deal, k) => {
        viewRows.push({ customerId, locationType: deal.dealType as "local", dealId: deal.id, viewedAt: new Date(options.now.getTime() - (30 - k) * DAY_MS) });
      });
    });
    const orderIds = await tx.insert(orders).values(orderRows).returning({ id: orders.id });
    await bulkInsert(
      tx,
      orderLines,
      lineDrafts.map((draft) => ({
        orderId: orderIds[draft.orderIndex].id,
        customerId: draft.customerId,
        kind: "deal" as const,
        dealId: draft.deal.id,
        productId: draft.deal.productId,
        title: draft.deal.title,
        quantity: 1,
        unitPrice: draft.deal.price,
        originalUnitPrice: draft.deal.originalPrice,
        postage: 0,
        lineTotal: draft.deal.price,
        createdAt: draft.at,
      })),
    );
    if (viewRows.length) await bulkInsert(tx, recentlyViewedDeals, viewRows);
    return { shoppers: inserted.length, orders: orderRows.length, views: viewRows.length };
  });
}
