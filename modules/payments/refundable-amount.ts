import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { payments } from "./schema";

/**
 * What can still go back to the card (or wallet) that paid an order: the captured amount less what
 * refunds have booked, 0 when nothing was captured. With `lock`, the payment row is locked until
 * the transaction ends, so a refund booked next (recordCardRefund) sees the same figure.
 */
export async function refundableOnOrder(db: Db, orderId: number, options: { lock?: boolean } = {}): Promise<number> {
  const query = db.select({ status: payments.status, amount: payments.amount, refunded: payments.refundedAmount }).from(payments).where(eq(payments.orderId, orderId));
  const [payment] = options.lock ? await query.for("update") : await query;
  if (!payment || (payment.status !== "captured" && payment.status !== "partially_refunded")) return 0;
  return Math.max(0, payment.amount - payment.refunded);
}
