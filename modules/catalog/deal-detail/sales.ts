/**
 * Recent sales per deal, kept hourly in deal_sales_hourly: the deal-wide daily and weekly caps and
 * the social cue read them. Orders write them with recordDealSale in the order's transaction.
 */
import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { RecentSales } from "../rules/social-cue";
import { startOfLocalDay } from "../rules/local-time";
import { dealSalesHourly } from "../schema";

const HOUR = 3_600_000;

export interface CapState {
  dailyReached: boolean;
  weeklyReached: boolean;
  remainingForDay: number | null;
  remainingForWeek: number | null;
}

/** Monday 00:00 of the local week containing `now`. */
export function startOfLocalWeek(now: Date, timeZone: string): Date {
  const today = startOfLocalDay(now, timeZone);
  const weekday = (new Date(today.getTime() + 12 * HOUR).getUTCDay() + 6) % 7; // Monday = 0
  return startOfLocalDay(new Date(today.getTime() - weekday * 24 * HOUR + 12 * HOUR), timeZone);
}

/** Units sold today and this week (market time) against the deal's caps; no query without caps. */
export async function capSales(
  db: Db,
  input: { dealId: number; dailyCap: number | null; weeklyCap: number | null; now: Date; timeZone: string },
): Promise<CapState> {
  if (input.dailyCap === null && input.weeklyCap === null) {
    return { dailyReached: false, weeklyReached: false, remainingForDay: null, remainingForWeek: null };
  }
  const today = startOfLocalDay(input.now, input.timeZone);
  const week = startOfLocalWeek(input.now, input.timeZone);
  const since = today < week ? today : week;
  const [row] = await db
    .select({
      today: sql<number>`coalesce(sum(${dealSalesHourly.units}) filter (where ${dealSalesHourly.hour} >= ${today.toISOString()}::timestamptz), 0)::int`,
      week: sql<number>`coalesce(sum(${dealSalesHourly.units}) filter (where ${dealSalesHourly.hour} >= ${week.toISOString()}::timestamptz), 0)::int`,
    })
    .from(dealSalesHourly)
    .where(and(eq(dealSalesHourly.dealId, input.dealId), gte(dealSalesHourly.hour, since)));
  const remaining = (cap: number | null, sold: number) => (cap === null ? null : Math.max(0, cap - sold));
  const remainingForDay = remaining(input.dailyCap, Number(row.today));
  const remainingForWeek = remaining(input.weeklyCap, Number(row.week));
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
 * Adds sold units to the product's current hour. For the order module: call it inside the
 * transaction that places the order, so caps and the social cue never count an order twice.
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
