import { type CodeFacts, visibleCode } from "./code-visibility";
import { vouchers } from "./schema";
import { type DisplayStatus, displayStatus, statusText } from "./voucher-display";

/** Spec §9: the voucher list shows 10 per page (My Vouchers: modules/my-vouchers/my-vouchers.ts). */
export const VOUCHER_PAGE_SIZE = 10;

export interface VoucherSummary {
  id: number;
  /** Null unless this viewer may see it now (codeVisibility: the holder, from available_at on). */
  code: string | null;
  availableAt: Date;
  orderId: number;
  dealId: number;
  dealTitle: string;
  productName: string;
  merchantName: string;
  /** The status as the shopper sees it (see displayStatus). */
  statusCode: DisplayStatus;
  /** The spec's status text, e.g. "Ready to Redeem". */
  status: string;
  expiresAt: Date;
  purchasedAt: Date;
}

/** The voucher as `viewerId` sees it now; `gift` is its standing gift, if any. */
export function summary(row: typeof vouchers.$inferSelect, gift: CodeFacts["gift"], viewerId: number, now: Date): VoucherSummary {
  const shown = displayStatus(row, now);
  return {
    id: row.id,
    code: visibleCode({ ...row, gift }, viewerId, now),
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
