import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { vouchers } from "../vouchers/schema";
import { returnError } from "./errors";
import { returnOrders } from "./schema";

/**
 * A return with its voucher, both rows locked until the transaction ends, found for the shopper
 * (by id) or the merchant (by the label's reference). Anyone else's is "not found".
 */
export async function lockReturn(tx: Db, owner: { customerId: number; returnId: number } | { merchantId: number; reference: string }) {
  const where =
    "customerId" in owner
      ? and(eq(returnOrders.id, owner.returnId), eq(returnOrders.customerId, owner.customerId))
      : and(eq(returnOrders.reference, owner.reference), eq(returnOrders.merchantId, owner.merchantId));
  const [row] = await tx.select({ ret: returnOrders, voucher: vouchers }).from(returnOrders).innerJoin(vouchers, eq(vouchers.id, returnOrders.voucherId)).where(where).for("update");
  if (!row) throw returnError("RETURN_NOT_FOUND");
  return row;
}
