import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { vouchers } from "./schema";

/**
 * A claimed gift: the voucher is now held by the recipient (it is in their My Vouchers, with its
 * code), optionally for another option of the same deal they chose. The purchaser stays the
 * voucher's customer and keeps the refund rights. Call it under the voucher's row lock.
 */
export async function handOverVoucher(tx: Db, change: { voucherId: number; holderCustomerId: number; product?: { id: number; name: string } }): Promise<void> {
  await tx
    .update(vouchers)
    .set({ holderCustomerId: change.holderCustomerId, ...(change.product ? { productId: change.product.id, productName: change.product.name } : {}) })
    .where(eq(vouchers.id, change.voucherId));
}
