/**
 * Recent sales per deal, kept hourly in deal_sales_hourly: the one ledger that the deal-wide daily
 * and weekly caps (deal page and basket) and the social cue read. Every order writes it with
 * recordDealSale in the order's transaction (through the inventory module's sale).
 */
import { and, eq, gte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { queryRows } from "../../../db/query-rows";
import { startOfMarketDay, startOfMarketWeek } from "../../../lib/market-time";
import type { RecentSales } from "../rules/social-cue";
import { dealSalesHourly } from "../schema";

const HOUR = 3_600_000;

/** Units of a deal sold to anyone since the start of the market's day and week. */
export interface DealSales {
  today: number;
  thisWeek: number;
}

export interface CapState {
  dailyReached: boolean;
  weeklyReached: boolean;
  remainingForDay: number | null;
  remainingForWeek: number | null;
}

/**
 * Units of each deal sold today and this week (market time), as a JSON array of [dealId, today,
 * thisWeek]: a fragment of the one statement that loads a basket's facts, and what capSales reads.
 * Market days start on the hour, so whole hourly rows fall on one side of the boundary.
 */
export function dealSalesJson(dealIds: SQL, now: Date, timeZone: string): SQL {
  const day = startOfMarketDay(now, timeZone);
  const week = startOfMarketWeek(now, timeZone);
  const since = day < week ? day : week;
  return sql`(select coalesce(json_agg(json_build_array(s.deal_id, s.today, s.this_week)), '[]'::json) from (
    select ${dealSalesHourly.dealId} as deal_id,
      coalesce(sum(${dealSalesHourly.units}) filter (where ${dealSalesHourly.hour} >= ${day.toISOString()}::timestamptz), 0)::int as today,
      coalesce(sum(${dealSalesHourly.units}) filter (where ${dealSalesHourly.hour} >= ${week.toISOString()}::timestamptz), 0)::int as this_week
    from ${dealSalesHourly}
    where ${dealSalesHourly.dealId} in (${dealIds}) and ${dealSalesHourly.hour} >= ${since.toISOString()}::timestamptz
    group by ${dealSalesHourly.dealId}) s)`;
}

/** Units sold today and this week (market time) against the deal's caps; no query without caps. */
export async function capSales(
  db: Db,
  input: { dealId: number; dailyCap: number | null; weeklyCap: number | null; now: Date; timeZone: string },
): Promise<CapState> {
  if (input.dailyCap === null && input.weeklyCap === null) {
    return { dailyReached: false, weeklyReached: false, remainingForDay: null, remainingForWeek: null };
  }
  const [row] = await queryRows<{ sales: [number, number, number][] }>(db, sql`select ${dealSalesJson(sql`${input.dealId}`, input.now, input.timeZone)} as sales`);
  const [, today, thisWeek] = row.sales[0] ?? [input.dealId, 0, 0];
  const remaining = (cap: number | null, sold: number) => (cap === null ? null : Math.max(0, cap - sold));
  const remainingForDay = remaining(input.dailyCap, today);
  const remainingForWeek = remaining(input.weeklyCap, thisWeek);
  return { dailyReached: remainingForDay === 0, weeklyReached: remainingForWeek === 0, remainingForDay, remainingForWeek };
}

/** Units sold in the last 6, 12 and 24 hours (whole hours, the current one included). */
export async function recentSales(db: Db, dealId: number, now: Date): Promise<RecentSales> {
  const currentHour = Math.floor(now.getTime() / HOUR) * HOUR;
  const since = (hours: number) => new Date(currentHour - (hours - 1) * HOUR).toISOString();
  const [row] = await db
    .select({
      six: sql<number>`coalesce(sum(${dealSalesHourly.units}) filter (where ${dealSalesHourly.hour} >= ${since(6)}::timestamptz), 0)::int`,
      twelve: sql<number>`coalesce(sum(${dealSalesHourly.units}) filter (where ${dealSalesHourly.hour} >= ${since(12)}::timestamptz), 0)::int`,
      day: sql<number>`coalesce(sum(${dealSalesHourly.units}), 0)::int`,
    })
    .from(dealSalesHourly)
    .where(and(eq(dealSalesHourly.dealId, dealId), gte(dealSalesHourly.hour, new Date(since(24)))));
  return { lastSixHours: Number(row.six), lastTwelveHours: Number(row.twelve), lastTwentyFourHours: Number(row.day) };
}

/**
 * Adds sold units to the product's current hour. Called by the inventory module's sale inside the
 * transaction that places the order, so caps and the social cue count each order once, on commit.
 */
export async function recordDealSale(db: Pick<Db, "insert">, sale: { dealId: number; productId: number; units: number; at: Date }): Promise<void> {
  if (!Number.isInteger(sale.units) || sale.units <= 0) throw new RangeError(`units must be a positive whole number, got ${sale.units}`);
  const hour = new Date(Math.floor(sale.at.getTime() / HOUR) * HOUR);
  await db
    .insert(dealSalesHourly)
    .values({ dealId: sale.dealId, productId: sale.productId, hour, units: sale.units })
    .onConflictDoUpdate({
      target: [dealSalesHourly.dealId, dealSalesHourly.hour, dealSalesHourly.productId],
      set: { units: sql`${dealSalesHourly.units} + excluded.units` },
    });
}

/**
 * Takes a unit given back (a refunded voucher) off the hour it was sold in, so the deal-wide caps
 * and the social cue count it no more. Never below zero.
 */
export async function removeDealSale(db: Pick<Db, "update">, sale: { dealId: number; productId: number; at: Date }): Promise<void> {
  const hour = new Date(Math.floor(sale.at.getTime() / HOUR) * HOUR);
  await db
    .update(dealSalesHourly)
    .set({ units: sql`greatest(${dealSalesHourly.units} - 1, 0)` })
    .where(and(eq(dealSalesHourly.dealId, sale.dealId), eq(dealSalesHourly.productId, sale.productId), eq(dealSalesHourly.hour, hour)));
}
