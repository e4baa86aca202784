import { and, eq, sum } from "drizzle-orm";
import type { Db } from "../../db/client";
import { customerPurchases } from "./schema";

/** Units of a deal a customer bought in all their orders (refunded ones given back): the per-customer cap counts these. */
export async function unitsBoughtOfDeal(db: Db, customerId: number, dealId: number): Promise<number> {
  const [row] = await db
    .select({ units: sum(customerPurchases.units) })
    .from(customerPurchases)
    .where(and(eq(customerPurchases.customerId, customerId), eq(customerPurchases.dealId, dealId)));
  return Number(row?.units ?? 0);
}
