import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { customerPurchases } from "./schema";

/** What a customer bought before, per deal and per product: per-customer purchase caps count it. */
export interface CustomerPurchases {
  unitsByDeal: Map<number, number>;
  unitsByProduct: Map<number, number>;
}

/**
 * What a customer bought of these deals in all their past orders, as a JSON array of [dealId,
 * productId, units]: a fragment of the one statement that loads a basket's facts.
 */
export function customerPurchasesJson(customerId: number | null, dealIds: SQL): SQL {
  if (customerId === null) return sql`'[]'::json`;
  return sql`(select coalesce(json_agg(json_build_array(${customerPurchases.dealId}, ${customerPurchases.productId}, ${customerPurchases.units})), '[]'::json)
    from ${customerPurchases}
    where ${customerPurchases.customerId} = ${customerId} and ${customerPurchases.dealId} in (${dealIds}))`;
}

/** Adds units to what a customer bought of each deal's product (one row per deal and product). */
export async function recordCustomerPurchases(
  tx: Pick<Db, "insert">,
  customerId: number,
  bought: readonly { dealId: number; productId: number; units: number }[],
): Promise<void> {
  if (bought.length === 0) return;
  await tx
    .insert(customerPurchases)
    .values(bought.map(({ dealId, productId, units }) => ({ customerId, dealId, productId, units })))
    .onConflictDoUpdate({
      target: [customerPurchases.customerId, customerPurchases.dealId, customerPurchases.productId],
      set: { units: sql`${customerPurchases.units} + excluded.units` },
    });
}

/** Takes a unit given back (a refunded voucher) off what the customer bought, so their own caps let them buy it again. */
export async function removeCustomerPurchase(tx: Pick<Db, "update">, customerId: number, unit: { dealId: number; productId: number }): Promise<void> {
  await tx
    .update(customerPurchases)
    .set({ units: sql`greatest(${customerPurchases.units} - 1, 0)` })
    .where(and(eq(customerPurchases.customerId, customerId), eq(customerPurchases.dealId, unit.dealId), eq(customerPurchases.productId, unit.productId)));
}
