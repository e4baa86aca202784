import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Currency } from "../../lib/money";
import { vipCharges, vipMemberships } from "./schema";

/** What the order confirmation says about the VIP year the order paid for. */
export interface OrderVipYear {
  periodEnd: string;
  /** Renews automatically (agreed at checkout, paid with a saved card that allows subscription). */
  renews: boolean;
  price: number;
  currency: Currency;
}

/** The VIP year an order of this customer paid for, with whether the membership now renews (null: none). */
export async function orderVipYear(db: Db, customerId: number, orderId: number): Promise<OrderVipYear | null> {
  const [row] = await db
    .select({ periodEnd: vipCharges.periodEnd, autoRenew: vipMemberships.autoRenew, price: vipMemberships.renewalPrice, currency: vipMemberships.currency })
    .from(vipCharges)
    .innerJoin(vipMemberships, eq(vipMemberships.id, vipCharges.membershipId))
    .where(and(eq(vipCharges.orderId, orderId), eq(vipCharges.customerId, customerId)));
  return row ? { periodEnd: row.periodEnd.toISOString(), renews: row.autoRenew, price: row.price, currency: row.currency } : null;
}
