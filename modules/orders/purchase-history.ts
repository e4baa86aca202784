import { type SQL, sql } from "drizzle-orm";
import { startOfMarketDay, startOfMarketWeek } from "./market-time";
import { orderLines } from "./schema";

export interface CustomerPurchases {
  unitsByDeal: Map<number, number>;
  unitsByProduct: Map<number, number>;
}

/**
 * What a customer bought of these deals in all their past orders (purchase caps count them), as a
 * JSON array of [dealId, productId, units]: a fragment of the one statement that loads a basket's facts.
 */
export function customerPurchasesJson(customerId: number | null, dealIds: SQL): SQL {
  if (customerId === null) return sql`'[]'::json`;
  return sql`(select coalesce(json_agg(json_build_array(p.deal_id, p.product_id, p.units)), '[]'::json) from (
    select ${orderLines.dealId} as deal_id, ${orderLines.productId} as product_id, sum(${orderLines.quantity})::int as units
    from ${orderLines}
    where ${orderLines.customerId} = ${customerId} and ${orderLines.dealId} in (${dealIds})
    group by ${orderLines.dealId}, ${orderLines.productId}) p)`;
}

export interface DealSales {
  today: number;
  thisWeek: number;
}

/** Units of each deal sold to anyone since the start of the market's day and week, as a JSON array of [dealId, today, thisWeek]. */
export function dealSalesJson(dealIds: SQL, now: Date, timeZone: string): SQL {
  const day = startOfMarketDay(now, timeZone);
  const week = startOfMarketWeek(now, timeZone);
  const since = day < week ? day : week;
  return sql`(select coalesce(json_agg(json_build_array(s.deal_id, s.today, s.this_week)), '[]'::json) from (
    select ${orderLines.dealId} as deal_id,
      coalesce(sum(${orderLines.quantity}) filter (where ${orderLines.createdAt} >= ${day.toISOString()}::timestamptz), 0)::int as today,
      coalesce(sum(${orderLines.quantity}) filter (where ${orderLines.createdAt} >= ${week.toISOString()}::timestamptz), 0)::int as this_week
    from ${orderLines}
    where ${orderLines.dealId} in (${dealIds}) and ${orderLines.createdAt} >= ${since.toISOString()}::timestamptz
    group by ${orderLines.dealId}) s)`;
}
