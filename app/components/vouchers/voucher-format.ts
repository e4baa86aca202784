import type { GiftState } from "../../../modules/my-vouchers/gift-states";
import type { MyVoucher } from "../../../modules/my-vouchers/my-vouchers";

/** A voucher as a page gets it from its loader: dates as ISO text. */
export interface VoucherRow {
  id: number;
  code: string | null;
  availableAt: string;
  dealTitle: string;
  productName: string;
  merchantName: string;
  status: string;
  expiresAt: string;
  /** Spec §4 display state for the buyer (Gift it, Gifted, Gift Pack, Gift Pack Sent). */
  gift: { state: GiftState; text: string } | null;
  receivedAsGift: boolean;
  /** A gift its buyer cancelled: why, for its holder. */
  cancelledReason: string | null;
}

export function voucherRow(voucher: MyVoucher): VoucherRow {
  return {
    id: voucher.id,
    code: voucher.code,
    availableAt: voucher.availableAt.toISOString(),
    dealTitle: voucher.dealTitle,
    productName: voucher.productName,
    merchantName: voucher.merchantName,
    status: voucher.status,
    expiresAt: voucher.expiresAt.toISOString(),
    gift: voucher.gift,
    receivedAsGift: voucher.receivedAsGift,
    cancelledReason: voucher.cancelledReason,
  };
}

// UK and Irish vouchers: both markets keep the same clock, so London's time zone is right for either.
const DEFAULT_TIME_ZONE = "Europe/London";

/** "21 November 2026" */
export function formatDate(iso: string, timeZone = DEFAULT_TIME_ZONE): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone }).format(new Date(iso));
}

/** "21 November 2026 at 14:05" */
export function formatDateTime(iso: string, timeZone = DEFAULT_TIME_ZONE): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone }).format(new Date(iso));
}

/** Spec §9: the code is shown 24 hours after purchase; until then the shopper reads when. */
export function readyOnText(availableAt: string, timeZone?: string): string {
  return `Your voucher will be ready on ${formatDateTime(availableAt, timeZone)}`;
}

/** A deadline is the first instant it is too late; shoppers read the last minute still in time. */
export function formatDeadline(iso: string, timeZone?: string): string {
  return formatDateTime(new Date(new Date(iso).getTime() - 60_000).toISOString(), timeZone);
}
