import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { enqueue } from "../mail/outbox";
import { findActiveCustomer } from "../accounts/customers";
import { findCustomerOrder } from "../orders/find-orders";
import type { Actor } from "../states/transition";
import { extendVoucher } from "../vouchers/extend-voucher";
import { extendedEmail } from "./emails";
import { refundError } from "./errors";
import { isBuyerOrHolder, lockVoucher, optionsOf, voucherTimeZone } from "./voucher-facts";

export interface ExtensionResult {
  voucherId: number;
  expiresAt: Date;
  /** Months added so far, this extension included (at most 3). */
  extendedMonths: number;
  /** False when the voucher's expiry had already moved since the shopper saw it (a double click): nothing changed. */
  firstTime: boolean;
}

/**
 * Extends a Deal Protection voucher by 1 to 3 months (3 in all), free: it is part of what
 * protection bought (docs/decisions/after-sale-refunds.md); once a gift is claimed, by its holder
 * (docs/decisions/gifts-after-sale-rights.md). `seenExpiresAt`, the expiry the
 * shopper was shown, makes a repeated request harmless: once the expiry moved, a repeat answers
 * the voucher as it is.
 */
export async function extendProtectedVoucher(
  db: Db,
  services: { clock: Clock; linkOrigin: string },
  request: { voucherId: number; customerId: number; months: number; seenExpiresAt?: Date; actor: Actor },
): Promise<ExtensionResult> {
  const now = services.clock.now();
  return db.transaction(async (tx) => {
    const voucher = await lockVoucher(tx, request.voucherId);
    if (!voucher || !isBuyerOrHolder(voucher, request.customerId)) throw refundError("VOUCHER_NOT_FOUND");
    if (request.seenExpiresAt && request.seenExpiresAt.getTime() !== voucher.expiresAt.getTime()) {
      return { voucherId: voucher.id, expiresAt: voucher.expiresAt, extendedMonths: voucher.extendedMonths, firstTime: false };
    }
    const option = (await optionsOf(tx, voucher, now, request.customerId)).extend;
    if (!option.allowed) throw refundError("EXTENSION_NOT_ALLOWED", undefined, option.reason);
    if (!Number.isInteger(request.months) || request.months < 1 || request.months > option.maxMonths) {
      throw refundError("EXTENSION_TOO_LONG", { maxMonths: option.maxMonths }, `This voucher can be extended by up to ${option.maxMonths} more month${option.maxMonths === 1 ? "" : "s"}.`);
    }
    const expiresAt = await extendVoucher(tx, { voucherId: voucher.id, expiresAt: voucher.expiresAt, months: request.months, timeZone: voucherTimeZone(voucher.currency), actor: request.actor, at: now });
    const order = await findCustomerOrder(tx, voucher.customerId, voucher.orderId);
    // The holder of a claimed gift extends it for themselves: the email is theirs.
    const holder = voucher.holderCustomerId === request.customerId ? await findActiveCustomer(tx, request.customerId) : null;
    if (order) {
      const context = { brand: order.row.brand, to: holder?.email ?? order.row.email, currency: voucher.currency, dealTitle: voucher.dealTitle, origin: services.linkOrigin };
      await enqueue(tx, extendedEmail(context, expiresAt), services.clock);
    }
    return { voucherId: voucher.id, expiresAt, extendedMonths: voucher.extendedMonths + request.months, firstTime: true };
  });
}
