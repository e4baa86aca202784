import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { Currency } from "../../lib/money";
import type { Actor } from "../states/transition";
import { vipCharges } from "../vip/schema";
import { addWalletCredit } from "../wallet/wallet";
import { refundVipPayment } from "./process-refund-requests";

export type VipChargeRefund =
  { outcome: "not_theirs" } | { outcome: "nothing_left" } | { outcome: "refunded"; chargeId: number; currency: Currency; amount: number; toCard: number; toWallet: number };

/** The key a staff refund of a charge is booked and sent under: one per charge, as it always gives back everything left. */
export const staffChargeRefundKey = (chargeId: number) => `vip-refund:staff:charge:${chargeId}`;

/**
 * Customer service gives back what is left of one of the customer's paid VIP charges, inside the
 * caller's transaction, through the VIP cash-refund form's path (refundVipPayment): the charge
 * locked, the card refund booked and queued under a key of its own, so a second press finds nothing
 * left and moves nothing. What no card can take back (an order paid with wallet credit) becomes
 * wallet credit, as the form does. The membership is left as it is (cancelling renewal is apart).
 */
export async function refundVipCharge(tx: Db, request: { customerId: number; chargeId: number; actor: Actor; at: Date; clock: Clock; reason: string }): Promise<VipChargeRefund> {
  const [charge] = await tx
    .select()
    .from(vipCharges)
    .where(and(eq(vipCharges.id, request.chargeId), eq(vipCharges.customerId, request.customerId)))
    .for("update");
  if (!charge) return { outcome: "not_theirs" };
  const left = charge.amount - charge.refundedAmount;
  if (charge.status !== "paid" || left <= 0) return { outcome: "nothing_left" };
  const key = staffChargeRefundKey(charge.id);
  const source = { kind: "charge" as const, chargeId: charge.id, orderId: charge.orderId, authorizationId: charge.authorizationId, amount: left, at: charge.createdAt };
  const toCard = await refundVipPayment(tx, source, { part: left, key, refundId: key, actor: request.actor, at: request.at, clock: request.clock, reason: request.reason });
  const toWallet = left - toCard;
  if (toWallet > 0) {
    await addWalletCredit(tx, {
      customerId: request.customerId,
      currency: charge.currency,
      balanceType: "refundable",
      amount: toWallet,
      reason: "vip_refund",
      description: "VIP refund: the part not paid by card",
      at: request.at,
    });
  }
  return { outcome: "refunded", chargeId: charge.id, currency: charge.currency, amount: left, toCard, toWallet };
}
