import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { returnOrders } from "./schema";

/**
 * Closes a voucher's open return once its refund is made (Returned to the Merchant → Refunded),
 * in the refund's transaction: the returns module owns the row, the refund owns the money.
 */
export async function closeRefundedReturn(tx: Db, change: { voucherId: number; at: Date }): Promise<void> {
  await tx
    .update(returnOrders)
    .set({ closedAt: change.at })
    .where(and(eq(returnOrders.voucherId, change.voucherId), isNull(returnOrders.closedAt)));
}
