import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { enqueue } from "../mail/outbox";
import { storedOrderConfirmation } from "../orders/resend-confirmation";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { customerServiceError } from "./errors";
import { activeShopper, lockShopperVoucher, queueVoucherEmail, requireCodeShown } from "./shopper-voucher";
import { staffReason } from "./staff-reason";

/** What to send again: one of the shopper's order confirmations, or one of their vouchers. */
export type ResendChoice = { kind: "order" | "voucher"; id: number };

/**
 * Customer service sends an order confirmation or a voucher's email again, to the shopper's
 * current address through the outbox, with the reason, audited in the same transaction. Only the
 * shopper's own orders and Ready to Redeem vouchers (a used or refunded code is no use to them),
 * and only codes they may see now.
 */
export async function resendShopperEmail(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  request: { customerId: number; resend: ResendChoice; reason: string; linkOrigin: (brand: BrandId) => string },
): Promise<{ outboxId: number }> {
  const reason = staffReason(request.reason);
  const { kind, id } = request.resend;
  return db.transaction(async (tx) => {
    const shopper = await activeShopper(tx, request.customerId);
    const now = clock.now();
    let queued: { id: number };
    if (kind === "order") {
      const mail = await storedOrderConfirmation(tx, {
        customerId: shopper.id,
        orderId: id,
        to: shopper.email,
        firstName: shopper.firstName,
        at: now,
        origin: request.linkOrigin(shopper.brand),
      });
      if (!mail) throw customerServiceError("NOT_THEIR_ORDER");
      queued = await enqueue(tx, mail, clock);
    } else {
      const voucher = await lockShopperVoucher(tx, shopper.id, id);
      await requireCodeShown(tx, voucher, shopper.id, now);
      queued = await queueVoucherEmail(tx, clock, shopper, voucher, { code: voucher.code, reissued: false, linkOrigin: request.linkOrigin });
    }
    await recordStaffChange(tx, clock, actor, {
      action: `${kind}.resend-email`,
      entity: { type: kind, id },
      before: null,
      after: { emailedTo: shopper.email, outboxId: queued.id },
      reason,
    });
    return { outboxId: queued.id };
  });
}
