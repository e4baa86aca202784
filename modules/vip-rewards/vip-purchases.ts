import { and, asc, eq, gte, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Currency } from "../../lib/money";
import { orderLines, orders } from "../orders/schema";

export interface VipSavings {
  /** Sum of order_lines.vip_saving, minor units, in the currency asked for. */
  total: number;
  /** Orders in which the VIP price saved something. */
  orders: number;
}

/**
 * What VIP prices have saved a customer so far (My Rewards), in one currency: the savings recorded
 * on their order lines when the order was placed, leaving out orders refunded in full.
 */
export async function vipSavingsOf(db: Db, customerId: number, currency: Currency): Promise<VipSavings> {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${orderLines.vipSaving}), 0)::int`,
      orders: sql<number>`count(distinct ${orders.id}) filter (where ${orderLines.vipSaving} > 0)::int`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.customerId, customerId), eq(orders.currency, currency), ne(orders.status, "REFUNDED")));
  return { total: Number(row.total), orders: Number(row.orders) };
}

export interface VipAddonPurchase {
  orderId: number;
  /** What the VIP year (VVE) line cost on the order. */
  amount: number;
  currency: Currency;
  at: Date;
}

/** The VIP years (VVE add-on lines) a customer bought with orders placed in [since, until), oldest first. */
export async function vipAddonPurchases(db: Db, customerId: number, window: { since: Date; until: Date; currency?: Currency }): Promise<VipAddonPurchase[]> {
  return db
    .select({ orderId: orders.id, amount: orderLines.lineTotal, currency: orders.currency, at: orders.createdAt })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orderLines.customerId, customerId),
        eq(orderLines.kind, "addon"),
        eq(orderLines.addonType, "VVE"),
        gte(orders.createdAt, window.since),
        lt(orders.createdAt, window.until),
        window.currency ? eq(orders.currency, window.currency) : undefined,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
}
