import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/query-rows";
import { BRAND_IDS, type BrandId } from "../../lib/brand";
import { localDate, startOfMarketDay } from "../../lib/market-time";
import type { Currency } from "../../lib/money";
import { visitorsSeenSince } from "../experiments/exposure-figures";
import { REPORT_TIME_ZONE } from "./report-period";
import { NOT_CANCELLED, PAID } from "./sales-sql";


export interface BrandToday {
  brand: BrandId;
  orders: number;
  /** Deal options sold (the quantity of the orders' deal lines). */
  units: number;
  /** What shoppers paid, per currency (a brand sells in one, but the figure never mixes two). */
  sales: { currency: Currency; amount: number }[];
  /** Distinct browsers seen today (A/B visitor cookies; see docs/decisions/admin-insights-and-operations.md). */
  visitors: number;
}

export interface LiveInsights {
  /** The UK day the figures are for, and the instant they were read at. */
  day: string;
  since: Date;
  at: Date;
  brands: BrandToday[];
}

/**
 * Today so far (the UK market day, like the reports) per brand: orders placed, units sold, sales
 * and visitors. Every brand has a row, with noughts before its first sale. Orders are found
 * through `orders_created_idx` and their lines through `order_lines_order_idx`.
 */
export async function liveInsights(db: Db, now: Date): Promise<LiveInsights> {
  const since = startOfMarketDay(now, REPORT_TIME_ZONE);
  const [orders, units, visitors] = await Promise.all([
    queryRows<{ brand: BrandId; currency: Currency; orders: number; sales: number }>(
      db,
      sql`select o.brand, o.currency, count(*)::int as orders, sum(${PAID})::bigint::float8 as sales
          from orders o where o.created_at >= ${since} and o.created_at <= ${now} and ${NOT_CANCELLED}
          group by 1, 2 order by 1, 2`,
    ),
    queryRows<{ brand: BrandId; units: number }>(
      db,
      sql`select o.brand, sum(l.quantity)::int as units
          from orders o join order_lines l on l.order_id = o.id
          where o.created_at >= ${since} and o.created_at <= ${now} and l.kind = 'deal' and ${NOT_CANCELLED}
          group by 1`,
    ),
    visitorsSeenSince(db, since),
  ]);
  const brands = BRAND_IDS.map((brand) => {
    const mine = orders.filter((row) => row.brand === brand);
    return {
      brand,
      orders: mine.reduce((sum, row) => sum + row.orders, 0),
      units: units.find((row) => row.brand === brand)?.units ?? 0,
      sales: mine.map((row) => ({ currency: row.currency, amount: Number(row.sales) })),
      visitors: visitors.find((row) => row.brand === brand)?.visitors ?? 0,
    };
  });
  return { day: localDate(now, REPORT_TIME_ZONE), since, at: now, brands };
}
