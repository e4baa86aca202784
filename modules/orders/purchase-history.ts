import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { startOfMarketDay, startOfMarketWeek } from "./market-time";
import { orderLines } from "./schema";

export interface CustomerPurchases {
  unitsByDeal: Map<number, number>;
  unitsByProduct: Map<number, number>;
}

/** What a customer bought of these deals in all their past orders (purchase caps count them). */
export async function customerPurchases(db: Db, customerId: number | null, dealIds: readonly number[]): Promise<CustomerPurchases> {
  const result: CustomerPurchases = { unitsByDeal: new Map(), unitsByProduct: new Map() };
  if (customerId === null || dealIds.length === 0) return result;
  const rows = await db
    .select({ dealId: orderLines.dealId, productId: orderLines.productId, units: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .where(and(eq(orderLines.customerId, customerId), inArray(orderLines.dealId, [...dealIds])))
    .groupBy(orderLines.dealId, orderLines.productId);
  for (const row of rows) {
    if (row.dealId === null || row.productId === null) continue;
    result.unitsByDeal.set(row.dealId, (result.unitsByDeal.get(row.dealId) ?? 0) + Number(row.units));
    result.unitsByProduct.set(row.productId, Number(row.units));
  }
  return result;
}

export interface DealSales {
  today: number;
  thisWeek: number;
}

/** Units of each deal sold to anyone since the start of the market's day and week. */
export async function dealSales(db: Db, dealIds: readonly number[], now: Date, timeZone: string): Promise<Map<number, DealSales>> {
  const sales = new Map<number, DealSales>();
  if (dealIds.length === 0) return sales;
  const day = startOfMarketDay(now, timeZone);
  const week = startOfMarketWeek(now, timeZone);
  const since = day < week ? day : week;
  const rows = await db
    .select({
      dealId: orderLines.dealId,
      today: sql<number>`coalesce(sum(${orderLines.quantity}) filter (where ${orderLines.createdAt} >= ${day.toISOString()}::timestamptz), 0)::int`,
      thisWeek: sql<number>`coalesce(sum(${orderLines.quantity}) filter (where ${orderLines.createdAt} >= ${week.toISOString()}::timestamptz), 0)::int`,
    })
    .from(orderLines)
    .where(and(inArray(orderLines.dealId, [...dealIds]), gte(orderLines.createdAt, since)))
    .groupBy(orderLines.dealId);
  for (const row of rows) if (row.dealId !== null) sales.set(row.dealId, { today: Number(row.today), thisWeek: Number(row.thisWeek) });
  return sales;
}
