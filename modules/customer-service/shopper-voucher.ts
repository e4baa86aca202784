import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { findActiveCustomer } from "../accounts/customers";
import { openGiftsOf } from "../gifts/open-gifts";
import { enqueue } from "../mail/outbox";
import { visibleCode } from "../vouchers/code-visibility";
import { lockVoucherRow, type VoucherRow } from "../vouchers/read";
import { voucherCodeEmail } from "./emails";
import { customerServiceError } from "./errors";

export type Shopper = NonNullable<Awaited<ReturnType<typeof findActiveCustomer>>>;

/** The shopper as they are now (their current email); a deleted account cannot be helped. */
export async function activeShopper(db: Db, customerId: number): Promise<Shopper> {
  const shopper = await findActiveCustomer(db, customerId);
  if (!shopper) throw customerServiceError("ACCOUNT_DELETED");
  return shopper;
}

/**
 * The shopper's Ready to Redeem voucher, locked until the transaction ends: one they bought and
 * did not give away, or a gift they claimed (the page's own list). Anyone else's is refused,
 * whatever its id.
 */
export async function lockShopperVoucher(tx: Db, customerId: number, voucherId: number): Promise<VoucherRow> {
  const voucher = await lockVoucherRow(tx, voucherId);
  if (!voucher || (voucher.holderCustomerId ?? voucher.customerId) !== customerId) throw customerServiceError("VOUCHER_NOT_THEIRS");
  if (voucher.status !== "READY_TO_REDEEM") throw customerServiceError("VOUCHER_NOT_LIVE");
  return voucher;
}

/** Refuses unless codeVisibility lets the shopper see the voucher's code now: staff never email a code the shopper may not see. */
export async function requireCodeShown(db: Db, voucher: VoucherRow, customerId: number, now: Date): Promise<void> {
  const gift = (await openGiftsOf(db, [voucher.id])).get(voucher.id) ?? null;
  if (visibleCode({ ...voucher, gift }, customerId, now) === null) throw customerServiceError("CODE_NOT_SHOWN");
}

/** Queues the voucher's email with its code to the shopper's current address, in the caller's transaction. */
export async function queueVoucherEmail(
  tx: Db,
  clock: Clock,
  shopper: Shopper,
  voucher: VoucherRow,
  mail: { code: string; reissued: boolean; linkOrigin: (brand: BrandId) => string },
): Promise<{ id: number }> {
  return enqueue(
    tx,
    voucherCodeEmail({
      brand: shopper.brand,
      to: shopper.email,
      firstName: shopper.firstName,
      dealTitle: voucher.dealTitle,
      productName: voucher.productName,
      code: mail.code,
      expiresAt: voucher.expiresAt,
      reissued: mail.reissued,
      origin: mail.linkOrigin(shopper.brand),
    }),
    clock,
  );
}
