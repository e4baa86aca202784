import type { Db } from "../../db/client";
import { BRANDS } from "../../lib/brand";
import { marketTimeZone } from "../../lib/market-time";
import { openGiftsOf } from "../gifts/open-gifts";
import type { OutgoingMail } from "../mail/outbox";
import { visibleCode } from "../vouchers/code-visibility";
import { voucherExpiry } from "../vouchers/issue-vouchers";
import { vouchersOfOrder } from "../vouchers/read";
import { orderConfirmationEmail } from "./confirmation-email";
import { findCustomerOrder } from "./find-orders";

const earliest = (dates: Date[]) => (dates.length > 0 ? new Date(Math.min(...dates.map((date) => date.getTime()))) : null);

/**
 * The customer's order confirmation built again from what was stored, to send again: to their
 * current address, with the codes they may see now (codeVisibility, as at placement: none of a
 * gift, none before they are ready) and the vouchers' expiry as it stands. Null for anyone else's order.
 */
export async function storedOrderConfirmation(
  db: Db,
  request: { customerId: number; orderId: number; to: string; firstName: string; at: Date; origin: string },
): Promise<OutgoingMail | null> {
  const found = await findCustomerOrder(db, request.customerId, request.orderId);
  if (!found) return null;
  const issued = await vouchersOfOrder(db, request.orderId);
  const gifts = await openGiftsOf(
    db,
    issued.map((voucher) => voucher.id),
  );
  return orderConfirmationEmail({
    brand: found.row.brand,
    firstName: request.firstName.trim(),
    order: { ...found.order, email: request.to },
    vouchersExpireAt: earliest(issued.map((voucher) => voucher.expiresAt)) ?? voucherExpiry(found.row.createdAt, marketTimeZone(BRANDS[found.row.brand].countryCode)),
    vouchersReadyAt: earliest(issued.map((voucher) => voucher.availableAt)) ?? found.row.createdAt,
    sentAt: request.at,
    origin: request.origin,
    items: found.lines.map((line) => ({
      title: line.title,
      quantity: line.quantity,
      lineTotal: line.lineTotal,
      giftedTo: line.gifting?.type === "E_GIFT" ? (line.gifting.recipientName ?? null) : null,
      voucherCodes: issued
        .filter((voucher) => voucher.orderLineId === line.id)
        .map((voucher) => visibleCode({ ...voucher, gift: gifts.get(voucher.id) ?? null }, request.customerId, request.at))
        .filter((code): code is string => code !== null),
    })),
  });
}
