import type { Db } from "../../db/client";
import { refundLockedVoucher, type RefundResult, type RefundServices, shopperMayRefund } from "../refunds/refund-voucher";
import type { RefundDestination } from "../refunds/schema";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { staffReason } from "./staff-reason";

/**
 * Customer service refunds a voucher for its shopper, inside the shopper's own rights (the same
 * check as their own Refund button: 14 days, or Deal Protection's longer window): to the card or
 * to the wallet, with the reason. The voucher's move, the money, the shopper's email and the audit
 * row are one transaction; a repeat answers the first refund and moves nothing.
 */
export async function refundForShopper(
  db: Db,
  services: RefundServices,
  actor: StaffActor,
  request: { customerId: number; voucherId: number; destination: RefundDestination; reason: string },
): Promise<RefundResult> {
  const reason = staffReason(request.reason);
  return refundLockedVoucher(
    db,
    services,
    { voucherId: request.voucherId, destination: request.destination, actor: { type: "staff", id: String(actor.staffUserId) }, reason, returnUnit: true },
    async (tx, voucher) => {
      const verdict = await shopperMayRefund(tx, voucher, request.customerId, services.clock.now());
      if ("go" in verdict) {
        await recordStaffChange(tx, services.clock, actor, {
          action: "voucher.refund",
          entity: { type: "voucher", id: voucher.id },
          before: { status: voucher.status },
          after: { status: "REFUNDED", destination: request.destination, customerId: request.customerId },
          reason,
        });
      }
      return verdict;
    },
  );
}
