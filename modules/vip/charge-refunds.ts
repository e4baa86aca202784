import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { vipCharges } from "./schema";

/**
 * Records `amount` more of a VIP charge as refunded (the VIP cash-refund form, or customer
 * service), under the charge's row lock and never beyond what was charged: called inside the
 * refund's transaction (`requestId` names the refund in errors: a request's id, or a staff
 * refund's key).
 */
export async function recordVipChargeRefund(tx: Db, refund: { chargeId: number; amount: number; at: Date; requestId: number | string }): Promise<void> {
  const [charge] = await tx.select().from(vipCharges).where(eq(vipCharges.id, refund.chargeId)).for("update");
  if (!charge) throw new Error(`VIP refund ${refund.requestId}: charge ${refund.chargeId} does not exist`);
  if (charge.refundedAmount + refund.amount > charge.amount) throw new Error(`VIP refund ${refund.requestId}: charge ${charge.id} has less left than ${refund.amount}`);
  await tx.update(vipCharges).set({ refundedAmount: charge.refundedAmount + refund.amount, updatedAt: refund.at }).where(eq(vipCharges.id, charge.id));
}
