import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isVipActive } from "../accounts/grant-vip";
import { customers } from "../accounts/schema";
import type { SellableProduct } from "../catalog/sellable-products";

/**
 * Whether the customer is an active VIP member at the moment the order is written, read inside the
 * order's transaction: a membership that lapsed (or was ended by a refund) after the basket was
 * filled, or after the request began, no longer buys VIP prices, VIP-exclusive products or early
 * access (docs/decisions/vip-hub.md).
 */
export async function vipAtOrderTime(tx: Db, customerId: number, now: Date): Promise<boolean> {
  const [row] = await tx.select({ vipUser: customers.vipUser, vipExpiresAt: customers.vipExpiresAt }).from(customers).where(eq(customers.id, customerId));
  return row ? isVipActive(row, now) : false;
}

/**
 * What VIP pricing saved on an order line (My Rewards' "savings so far"): the product's price less
 * its VIP price, per unit, times the quantity, when the VIP price applied; else 0.
 */
export function vipSaving(product: SellableProduct | null, vip: boolean, quantity: number): number {
  if (!product || !vip || !product.deal.vipDiscountAllowed || product.vipPrice === null) return 0;
  return Math.max(0, product.price - product.vipPrice) * quantity;
}
