/**
 * A demo order history, so "Buy again", the recommendations, "Most popular" and "N sold" have
 * something real to learn from: demo shoppers (accounts nobody can sign in to: no password) with
 * past orders and a few viewed deals. Each order is sold as a sale sells (inventory/sell.ts): the
 * hourly sales ledger, the customer's purchases and the options' and deals' units sold, so every
 * "N sold" is the sum of orders (docs/decisions/catalog-sold-from-orders.md). Orders are dated 35
 * to 400 days back, so the social cue ("bought in the last hours") and this week's caps see none.
 * Orders hang off negative basket ids, which no real basket ever has.
 *
 * Shoppers behave the way the catalogue suggests: each has a home location and a taste (one or two
 * sub-categories), most purchases come from it, popular deals are picked more often, and some
 * purchases follow a "goes with" deal of the one before (a day out and a dinner, a gadget and its
 * accessory). That last habit is what item-to-item recommendations can learn and popularity can't.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { customers } from "../modules/accounts/schema";
import { dealSalesHourly, deals, products } from "../modules/catalog/schema";
import { customerPurchases } from "../modules/inventory/schema";
import { orderLines, orders } from "../modules/orders/schema";
import { recentlyViewedDeals } from "../modules/recently-viewed/schema";
import type { BrandId } from "../lib/brand";
import type { Db } from "../db/client";
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
  /** The options a shopper can pick, in the deal's order (cheaper first, so they sell more). */
  options: { id: number; price: number; originalPrice: number }[];
  countryCode: "GB" | "IE";
  dealType: string;
  locationId: number | null;
  subCategoryId: number;
  title: string;
  currency: "GBP" | "EUR";
  weight: number;
}

const DAY_MS = 86_400_000;
/** How often a purchase is the "goes with" deal of the previous one. */
const COMPANION_CHANCE = 0.35;
/** How often a purchase is from the shopper's taste (else anything popular in their reach). */
const TASTE_CHANCE = 0.75;
/** Popularity is a steep tail (Zipf-like): a few deals sell much more than the rest. */
const POPULARITY_EXPONENT = 1.1;

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
    })
    .from(deals)
    .innerJoin(products, eq(products.dealId, deals.id))
    .where(and(eq(deals.published, true), isNull(deals.giftPreset), eq(products.visible, true), eq(products.vipExclusive, false)))
    .orderBy(deals.id, products.sortOrder, products.id);
  const byDeal = new Map<number, SeedDeal>();
  for (const { productId, price, originalPrice, ...row } of rows) {
    const option = { id: productId, price, originalPrice };
    const deal = byDeal.get(row.id);
    if (deal) deal.options.push(option);
    else byDeal.set(row.id, { ...row, options: [option], weight: 0 });
  }
  const all = [...byDeal.values()];
  // Each deal's popularity: a random rank in the catalogue, weighted 1/rank^s.
  const ranks = rng.sample(all.map((_, index) => index + 1), all.length);
  all.forEach((deal, index) => (deal.weight = 1 / Math.pow(ranks[index], POPULARITY_EXPONENT)));

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
    const lineDrafts: { orderIndex: number; customerId: number; deal: SeedDeal; option: SeedDeal["options"][number]; at: Date }[] = [];
    const viewRows: (typeof recentlyViewedDeals.$inferInsert)[] = [];
    let basketId = -1;
    plans.forEach((plan, index) => {
      const customerId = inserted[index].id;
      // Oldest first, a few weeks apart, the last one at least 35 days ago.
      const step = Math.max(1, Math.floor((plan.firstDay - 35) / plan.purchases.length));
      plan.purchases.forEach((deal, k) => {
        const at = new Date(options.now.getTime() - (plan.firstDay - k * step) * DAY_MS - rng.int(0, 12 * 3600) * 1000);
        // Cheaper options sell more: the first 1, the second 1/2, the third 1/3…
        const option = deal.options[rng.weightedIndex(deal.options.map((_, index) => 1 / (index + 1)))];
        lineDrafts.push({ orderIndex: orderRows.length, customerId, deal, option, at });
        orderRows.push({
          brand: plan.brand,
          currency: deal.currency,
          customerId,
          basketId: basketId--,
          email: newCustomers[index].email,
          subtotal: option.price,
          postage: 0,
          discount: 0,
          walletRefundableUsed: 0,
          walletMarketingUsed: 0,
          total: option.price,
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
        productId: draft.option.id,
        title: draft.deal.title,
        quantity: 1,
        unitPrice: draft.option.price,
        originalUnitPrice: draft.option.originalPrice,
        postage: 0,
        lineTotal: draft.option.price,
        createdAt: draft.at,
      })),
    );
    if (viewRows.length) await bulkInsert(tx, recentlyViewedDeals, viewRows);
    await sellHistory(tx, Math.min(...orderIds.map((order) => order.id)));
    return { shoppers: inserted.length, orders: orderRows.length, views: viewRows.length };
  });
}

/**
 * What sellUnits writes for each order, for all of the history at once: the hourly sales ledger
 * (hours as recordDealSale cuts them), the customers' purchases, and units sold per option and deal,
 * for the orders just written (from `firstOrderId`).
 * Stock left is the catalogue's present stock, so it is not taken down again.
 */
async function sellHistory(tx: Db, firstOrderId: number): Promise<void> {
  const sold = sql`select l.deal_id, l.product_id, l.customer_id, l.quantity, l.created_at
    from ${orderLines} l join ${orders} o on o.id = l.order_id
    where o.basket_id < 0 and o.id >= ${firstOrderId} and l.kind = 'deal'`;
  await tx.execute(sql`insert into ${dealSalesHourly} (deal_id, product_id, hour, units)
    select deal_id, product_id, to_timestamp(floor(extract(epoch from created_at) / 3600) * 3600), sum(quantity)::int
    from (${sold}) s group by 1, 2, 3
    on conflict (deal_id, hour, product_id) do update set units = ${dealSalesHourly.units} + excluded.units`);
  await tx.execute(sql`insert into ${customerPurchases} (customer_id, deal_id, product_id, units)
    select customer_id, deal_id, product_id, sum(quantity)::int from (${sold}) s group by 1, 2, 3
    on conflict (customer_id, deal_id, product_id) do update set units = ${customerPurchases.units} + excluded.units`);
  await tx.execute(sql`update ${products} p set total_bought = p.total_bought + s.units
    from (select product_id, sum(quantity)::int as units from (${sold}) s group by 1) s where p.id = s.product_id`);
  await tx.execute(sql`update ${deals} d set total_bought = d.total_bought + s.units
    from (select deal_id, sum(quantity)::int as units from (${sold}) s group by 1) s where d.id = s.deal_id`);
}
