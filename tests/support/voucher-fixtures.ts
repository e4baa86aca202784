import type { Db } from "../../db/client";
import { type IssuedVoucher, issueVouchers } from "../../modules/vouchers/issue-vouchers";

let orderCounter = 0;

/** Vouchers as an order would issue them (with their first history row), without placing an order. */
export async function issueTestVouchers(
  db: Db,
  voucher: { customerId: number; merchantId: number; quantity?: number; at: Date; availableAt?: Date; protected?: boolean; physical?: boolean; dealId?: number },
): Promise<IssuedVoucher[]> {
  orderCounter += 1;
  return issueVouchers(db, {
    orderId: 70_000_000 + orderCounter,
    customerId: voucher.customerId,
    currency: "GBP",
    lines: [
      {
        orderLineId: orderCounter,
        dealId: voucher.dealId ?? 30_000_001,
        productId: 5_000_001,
        merchantId: voucher.merchantId,
        physical: voucher.physical ?? false,
        quantity: voucher.quantity ?? 1,
        dealTitle: `Spa day ${orderCounter}`,
        productName: "Spa day for one",
        merchantName: "Serenity Spa",
        paid: Array.from({ length: voucher.quantity ?? 1 }, () => ({ card: 1900, refundableCredit: 0, marketingCredit: 0 })),
      },
    ],
    at: voucher.at,
    availableAt: voucher.availableAt ?? voucher.at,
    protected: voucher.protected ?? false,
    actor: { type: "customer", id: String(voucher.customerId) },
  });
}
