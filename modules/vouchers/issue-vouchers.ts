import type { Db } from "../../db/client";
import { vouchers } from "./schema";
import { newVoucherCode } from "./voucher-codes";

/** How long a voucher can be redeemed (the spec leaves it to the deal; see docs/decisions/vouchers-codes-and-expiry.md). */
export const VOUCHER_VALIDITY_MONTHS = 6;

export function voucherExpiry(purchasedAt: Date): Date {
  const expiry = new Date(purchasedAt);
  expiry.setUTCMonth(expiry.getUTCMonth() + VOUCHER_VALIDITY_MONTHS);
  return expiry;
}

export interface VoucherLine {
  orderLineId: number;
  dealId: number;
  productId: number;
  quantity: number;
  dealTitle: string;
  productName: string;
  merchantName: string;
}

/**
 * One voucher per unit bought, inside the order's transaction. A code that happens to exist
 * already is drawn again, so a collision never fails an order.
 */
export async function issueVouchers(
  tx: Db,
  order: { orderId: number; customerId: number; lines: readonly VoucherLine[]; at: Date },
): Promise<{ code: string; orderLineId: number }[]> {
  const pending = order.lines.flatMap((line) =>
    Array.from({ length: line.quantity }, () => ({
      orderId: order.orderId,
      orderLineId: line.orderLineId,
      customerId: order.customerId,
      dealId: line.dealId,
      productId: line.productId,
      dealTitle: line.dealTitle,
      productName: line.productName,
      merchantName: line.merchantName,
      expiresAt: voucherExpiry(order.at),
      createdAt: order.at,
    })),
  );
  const issued: { code: string; orderLineId: number }[] = [];
  let remaining = pending;
  while (remaining.length > 0) {
    const rows = remaining.map((voucher) => ({ ...voucher, code: newVoucherCode() }));
    const inserted = await tx
      .insert(vouchers)
      .values(rows)
      .onConflictDoNothing({ target: vouchers.code })
      .returning({ code: vouchers.code, orderLineId: vouchers.orderLineId });
    issued.push(...inserted);
    const insertedCodes = new Set(inserted.map((row) => row.code));
    remaining = rows.filter((row) => !insertedCodes.has(row.code)).map(({ code: _code, ...voucher }) => voucher);
  }
  return issued;
}
