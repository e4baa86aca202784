import { DomainError } from "../../lib/errors";
import type { Db } from "../../db/client";
import { refundLockedVoucher, type RefundResult, type RefundServices, staffMayCancel } from "../refunds/refund-voucher";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { vouchersOfOrder } from "../vouchers/read";
import { customerServiceError } from "./errors";
import { staffReason } from "./staff-reason";

/** What cancelling an order did: the vouchers refunded now, and those that could no longer be (redeemed, dispatched meanwhile). */
export interface OrderCancellation {
  orderId: number;
  refunded: RefundResult[];
  skipped: number[];
}

/**
 * Customer service cancels a shopper's order outside the shopper's own refund rights (the merchant
 * cannot honour it): every voucher of theirs still Ready to Redeem (goods not yet dispatched) is
 * refunded to the original payment through the refunds' one idempotent path, each voucher in its
 * own transaction with its audit row; the order moves to Refunded or Partially Refunded and the
 * shopper gets the refund email. A second press refunds nothing twice: with nothing left, 409.
 */
export async function cancelShopperOrder(
  db: Db,
  services: RefundServices,
  actor: StaffActor,
  request: { customerId: number; orderId: number; reason: string },
): Promise<OrderCancellation> {
  const reason = staffReason(request.reason);
  const theirs = (await vouchersOfOrder(db, request.orderId)).filter((voucher) => voucher.customerId === request.customerId);
  if (theirs.length === 0) throw customerServiceError("NOT_THEIR_ORDER");
  const open = theirs.filter((voucher) => voucher.status === "READY_TO_REDEEM").map((voucher) => voucher.id);
  const refunded: RefundResult[] = [];
  const skipped: number[] = [];
  for (const voucherId of open) {
    try {
      const result = await refundLockedVoucher(
        db,
        services,
        { voucherId, destination: "original", actor: { type: "staff", id: actor.staffUserId === null ? null : String(actor.staffUserId) }, reason, returnUnit: true },
        async (tx, voucher) => {
          const verdict = await staffMayCancel(tx, voucher, request.customerId);
          if ("go" in verdict) {
            await recordStaffChange(tx, services.clock, actor, {
              action: "order.cancel",
              entity: { type: "order", id: request.orderId },
              before: { voucherId: voucher.id, status: voucher.status },
              after: { voucherId: voucher.id, status: "REFUNDED", destination: "original", customerId: request.customerId },
              reason,
            });
          }
          return verdict;
        },
      );
      if (result.firstTime) refunded.push(result);
    } catch (error) {
      // Redeemed or dispatched since the list was read: it stays as it is; the others go ahead.
      if (error instanceof DomainError && error.code === "REFUND_NOT_ALLOWED") skipped.push(voucherId);
      else throw error;
    }
  }
  if (refunded.length === 0) throw customerServiceError("NOTHING_TO_CANCEL");
  return { orderId: request.orderId, refunded, skipped };
}
