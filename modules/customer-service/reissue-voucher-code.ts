import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { reissueVoucherCode } from "../vouchers/reissue-voucher-code";
import { staffActorOf } from "./goodwill-credits";
import { activeShopper, lockShopperVoucher, queueVoucherEmail, requireCodeShown } from "./shopper-voucher";
import { staffReason } from "./staff-reason";

/**
 * Customer service gives a shopper's Ready to Redeem voucher a new code (a code seen by someone
 * else, say): the old one stops working at the till at once, the shopper is emailed the new one,
 * and the audit row keeps old and new (staff only), all in one transaction under the voucher's lock.
 */
export async function reissueShopperVoucherCode(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  request: { customerId: number; voucherId: number; reason: string; linkOrigin: (brand: BrandId) => string },
): Promise<{ code: string }> {
  const reason = staffReason(request.reason);
  return db.transaction(async (tx) => {
    const shopper = await activeShopper(tx, request.customerId);
    const voucher = await lockShopperVoucher(tx, shopper.id, request.voucherId);
    const now = clock.now();
    // Checked before the change: a new code the shopper may not see yet could not be sent to them.
    await requireCodeShown(tx, voucher, shopper.id, now);
    const code = await reissueVoucherCode(tx, { voucherId: voucher.id, actor: staffActorOf(actor), at: now, reason });
    await queueVoucherEmail(tx, clock, shopper, voucher, { code, reissued: true, linkOrigin: request.linkOrigin });
    await recordStaffChange(tx, clock, actor, {
      action: "voucher.reissue-code",
      entity: { type: "voucher", id: voucher.id },
      before: { code: voucher.code },
      after: { code },
      reason,
    });
    return { code };
  });
}
