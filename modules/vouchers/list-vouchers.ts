import { type VoucherStatus, vouchers } from "./schema";
import { isAvailable, shownStatus, statusText } from "./voucher-display";

/** Spec §9: the voucher list shows 10 per page (My Vouchers: modules/my-vouchers/my-vouchers.ts). */
export const VOUCHER_PAGE_SIZE = 10;

export interface VoucherSummary {
  id: number;
  /** Null until the voucher is available (spec §9: 24 hours after purchase). */
  code: string | null;
  availableAt: Date;
  orderId: number;
  dealId: number;
  dealTitle: string;
  productName: string;
  merchantName: string;
  /** The status as the shopper sees it (see shownStatus). */
  statusCode: VoucherStatus;
  /** The spec's status text, e.g. "Ready to Redeem". */
  status: string;
  expiresAt: Date;
  purchasedAt: Date;
}

export function summary(row: typeof vouchers.$inferSelect, now: Date): VoucherSummary {
  const shown = shownStatus(row, now);
  return {
    id: row.id,
    code: isAvailable(row, now) ? row.code : null,
    availableAt: row.availableAt,
    orderId: row.orderId,
    dealId: row.dealId,
    dealTitle: row.dealTitle,
    productName: row.productName,
    merchantName: row.merchantName,
    statusCode: shown,
    status: statusText(shown),
    expiresAt: row.expiresAt,
    purchasedAt: row.createdAt,
  };
}
