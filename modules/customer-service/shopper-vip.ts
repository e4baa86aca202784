import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import type { Currency } from "../../lib/money";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { refundVipCharge } from "../vip-rewards/refund-vip-charge";
import { VipMembershipError } from "../vip/membership-errors";
import { cancelRenewal } from "../vip/renewal-settings";
import { customerServiceError } from "./errors";
import { staffActorOf } from "./goodwill-credits";
import { activeShopper } from "./shopper-voucher";
import { staffReason } from "./staff-reason";

/**
 * Customer service turns a VIP member's renewal off, as the shopper's own one-click cancel does
 * (nothing more is charged, VIP until the period ends, a confirmation email), with the reason in
 * the membership's history and the audit, in one transaction. Renewal already off changes nothing.
 */
export async function cancelShopperVipRenewal(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  request: { customerId: number; reason: string; linkOrigin: (brand: BrandId) => string },
): Promise<{ changed: boolean; periodEnd: Date | null }> {
  const reason = staffReason(request.reason);
  return db.transaction(async (tx) => {
    const shopper = await activeShopper(tx, request.customerId);
    const now = clock.now();
    const cancelled = await cancelRenewal(tx, { customerId: shopper.id, now, actor: staffActorOf(actor), linkOrigin: request.linkOrigin(shopper.brand), reason }).catch(
      (error: unknown) => {
        if (error instanceof VipMembershipError && error.code === "NOT_A_MEMBER") throw customerServiceError("NOT_VIP");
        throw error;
      },
    );
    const periodEnd = cancelled.membership.periodEnd ?? null;
    if (cancelled.changed) {
      await recordStaffChange(tx, clock, actor, {
        action: "vip.cancel-renewal",
        entity: { type: "customer", id: shopper.id },
        before: { autoRenew: true },
        after: { autoRenew: false, periodEnd: periodEnd?.toISOString() ?? null },
        reason,
      });
    }
    return { changed: cancelled.changed, periodEnd };
  });
}

/**
 * Customer service refunds what is left of one of the shopper's VIP charges to the card that paid
 * it, through the VIP refund path (the refund is queued for the gateway under a key of its own),
 * audited with the reason in the same transaction. A second press finds nothing left: refused, nothing moves.
 */
export async function refundShopperVipCharge(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  request: { customerId: number; chargeId: number; reason: string },
): Promise<{ currency: Currency; amount: number; toCard: number; toWallet: number }> {
  const reason = staffReason(request.reason);
  return db.transaction(async (tx) => {
    const shopper = await activeShopper(tx, request.customerId);
    const refund = await refundVipCharge(tx, { customerId: shopper.id, chargeId: request.chargeId, actor: staffActorOf(actor), at: clock.now(), clock, reason });
    if (refund.outcome === "not_theirs") throw customerServiceError("VIP_CHARGE_NOT_THEIRS");
    if (refund.outcome === "nothing_left") throw customerServiceError("VIP_CHARGE_NOT_REFUNDABLE");
    await recordStaffChange(tx, clock, actor, {
      action: "vip.refund-charge",
      entity: { type: "vip_charge", id: refund.chargeId },
      before: { refundable: refund.amount, toCard: 0, toWallet: 0 },
      after: { refundable: 0, toCard: refund.toCard, toWallet: refund.toWallet },
      reason,
    });
    return { currency: refund.currency, amount: refund.amount, toCard: refund.toCard, toWallet: refund.toWallet };
  });
}
