/**
 * The recommendations job: reads every shopper's purchases (order lines of deals) and views
 * (recently viewed deals of customers and guest visitors), scores item-to-item neighbours
 * (item-to-item.ts) and replaces deal_recommendations in one transaction, so readers see either
 * the old set or the new one. Aggregate only: the table says "deal A → deal B, score", never who.
 */
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orderLines, orders } from "../orders/schema";
import { recentlyViewedDeals } from "../recently-viewed/schema";
import { type Neighbour, scoreItemToItem } from "./item-to-item";
import { dealRecommendations } from "./schema";

export const RECOMMENDATIONS_JOB = "recommendations.compute";
const INSERT_BATCH = 1000;

export interface ComputeSummary {
  shoppers: number;
  deals: number;
  rows: number;
}

/** Every shopper's history, oldest purchase first. `before` leaves out later orders and views (evaluation). */
export async function readShopperHistories(db: Db, options: { before?: Date } = {}): Promise<Map<string, { purchased: number[]; viewed: number[] }>> {
  const histories = new Map<string, { purchased: number[]; viewed: number[] }>();
  const of = (key: string) => {
    let history = histories.get(key);
    if (!history) histories.set(key, (history = { purchased: [], viewed: [] }));
    return history;
  };
  const bought = await db
    .select({ customerId: orderLines.customerId, dealId: orderLines.dealId, at: orderLines.createdAt })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.kind, "deal"), isNotNull(orderLines.dealId)))
    .orderBy(asc(orderLines.createdAt), asc(orderLines.id));
  for (const row of bought) {
    if (options.before && row.at >= options.before) continue;
    of(`c${row.customerId}`).purchased.push(row.dealId!);
  }
  const views = await db
    .select({ customerId: recentlyViewedDeals.customerId, visitorId: recentlyViewedDeals.visitorId, dealId: recentlyViewedDeals.dealId, at: recentlyViewedDeals.viewedAt })
    .from(recentlyViewedDeals)
    .orderBy(asc(recentlyViewedDeals.viewedAt), asc(recentlyViewedDeals.id));
  for (const row of views) {
    if (options.before && row.at >= options.before) continue;
    of(row.customerId !== null ? `c${row.customerId}` : `v${row.visitorId}`).viewed.push(row.dealId);
  }
  return histories;
}

/** Recomputes and stores every deal's neighbours. Safe to run again at any time (it replaces the set). */
export async function computeRecommendations(db: Db, options: { now: Date }): Promise<ComputeSummary> {
  const histories = await readShopperHistories(db);
  const neighbours = scoreItemToItem(histories.values());
  const rows = await storeNeighbours(db, neighbours, options.now);
  return { shoppers: histories.size, deals: neighbours.size, rows };
}

/** Replaces the whole table with these neighbours in one transaction; returns how many rows it holds. */
export async function storeNeighbours(db: Db, neighbours: Map<number, Neighbour[]>, now: Date): Promise<number> {
  const rows = [...neighbours].flatMap(([dealId, list]) =>
    list.map((neighbour) => ({ dealId, recommendedDealId: neighbour.dealId, score: neighbour.score, source: neighbour.source, computedAt: now })),
  );
  await db.transaction(async (tx) => {
    await tx.delete(dealRecommendations);
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      // A deal deleted between the read and here fails the run on its foreign key; the job's retry reads again.
      await tx.insert(dealRecommendations).values(rows.slice(start, start + INSERT_BATCH)).onConflictDoNothing();
    }
  });
  return rows.length;
}
