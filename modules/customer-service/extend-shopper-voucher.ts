import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { enqueue } from "../mail/outbox";
import { extendedEmail } from "../refunds/emails";
import { voucherTimeZone } from "../refunds/voucher-facts";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { extendVoucher } from "../vouchers/extend-voucher";
import { customerServiceError } from "./errors";
import { staffActorOf } from "./goodwill-credits";
import { activeShopper, lockShopperVoucher } from "./shopper-voucher";
import { staffReason } from "./staff-reason";

/** The most customer service extends a voucher by at once: a year, past which it is a refund or a new deal. */
export const EXTEND_MAX_MONTHS = 12;

/**
 * Customer service pushes a shopper's Ready to Redeem voucher's expiry back by 1 to 12 whole
 * months, with the reason (the shopper's own Deal Protection allowance stays as it was); the voucher's
 * history, the audit row and the shopper's email are in the same transaction, under the voucher's lock.
 */
export async function extendShopperVoucher(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  request: { customerId: number; voucherId: number; months: number; reason: string; linkOrigin: (brand: BrandId) => string },
): Promise<{ expiresAt: Date }> {
  const reason = staffReason(request.reason);
  const { months } = request;
  if (!Number.isInteger(months) || months < 1 || months > EXTEND_MAX_MONTHS) throw customerServiceError("EXTEND_MONTHS");
  return db.transaction(async (tx) => {
    const shopper = await activeShopper(tx, request.customerId);
    const voucher = await lockShopperVoucher(tx, shopper.id, request.voucherId);
    const now = clock.now();
    const expiresAt = await extendVoucher(tx, {
      voucherId: voucher.id,
      expiresAt: voucher.expiresAt,
      months,
      timeZone: voucherTimeZone(voucher.currency),
      actor: staffActorOf(actor),
      at: now,
      reason,
      byStaff: true,
    });
    const mail = { brand: shopper.brand, to: shopper.email, currency: voucher.currency, dealTitle: voucher.dealTitle, origin: request.linkOrigin(shopper.brand) };
    await enqueue(tx, extendedEmail(mail, expiresAt), clock);
    await recordStaffChange(tx, clock, actor, {
      action: "voucher.extend",
      entity: { type: "voucher", id: voucher.id },
      before: { expiresAt: voucher.expiresAt.toISOString() },
      after: { expiresAt: expiresAt.toISOString(), months },
      reason,
    });
    return { expiresAt };
  });
}
