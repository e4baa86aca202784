import { type SQL, and, gt, inArray, lte, notInArray, or, sql } from "drizzle-orm";
import { VOUCHER_STATUSES, type VoucherStatus, vouchers } from "./schema";

/**
 * The status a shopper sees. The expiry job moves vouchers past their date to Expired every few
 * minutes; until it has, a Ready to Redeem voucher past expires_at already reads Expired, so the
 * shopper never sees it as redeemable.
 */
export function shownStatus(voucher: { status: VoucherStatus; expiresAt: Date }, now: Date): VoucherStatus {
  return voucher.status === "READY_TO_REDEEM" && voucher.expiresAt.getTime() <= now.getTime() ? "EXPIRED" : voucher.status;
}

/**
 * Before available_at a new voucher is Ready to Redeem in its process but not to the shopper: it
 * reads "Not Yet Ready" beside when it will be (docs/decisions/vouchers-code-visibility.md).
 */
export const NOT_YET_READY = { code: "NOT_YET_READY", text: "Not Yet Ready" } as const;
export type DisplayStatus = VoucherStatus | typeof NOT_YET_READY.code;

export function statusText(status: DisplayStatus): string {
  return status === NOT_YET_READY.code ? NOT_YET_READY.text : VOUCHER_STATUSES[status];
}

/** The code is shown, printable and redeemable from available_at on (spec §9: 24 hours after purchase). */
export function isAvailable(voucher: { availableAt: Date }, now: Date): boolean {
  return voucher.availableAt.getTime() <= now.getTime();
}

/** The status a shopper reads: shownStatus, and Not Yet Ready instead of Ready to Redeem until available_at. */
export function displayStatus(voucher: { status: VoucherStatus; expiresAt: Date; availableAt: Date }, now: Date): DisplayStatus {
  const shown = shownStatus(voucher, now);
  return shown === "READY_TO_REDEEM" && !isAvailable(voucher, now) ? NOT_YET_READY.code : shown;
}

/**
 * My Vouchers' tabs (docs/decisions/after-sale-my-vouchers.md). Current: something can still
 * happen with it (redeem, a booking, a request or a return under way). Past: its story is over.
 */
export const VOUCHER_FILTERS = ["all", "current", "past"] as const;
export type VoucherFilter = (typeof VOUCHER_FILTERS)[number];

// A held voucher (fraud review) is current: its story is still going; a cancelled one is over.
const PAST: readonly VoucherStatus[] = ["REDEEMED", "REQUEST_PROCESSED", "REFUNDED", "EXPIRED", "CANCELLED"];

export function isVoucherFilter(value: unknown): value is VoucherFilter {
  return typeof value === "string" && (VOUCHER_FILTERS as readonly string[]).includes(value);
}

/** The filter as SQL, matching shownStatus: a Ready to Redeem voucher past its expiry is past. */
export function filterCondition(filter: VoucherFilter, now: Date): SQL | undefined {
  const liveReady = and(sql`${vouchers.status} = 'READY_TO_REDEEM'`, gt(vouchers.expiresAt, now));
  const lapsedReady = and(sql`${vouchers.status} = 'READY_TO_REDEEM'`, lte(vouchers.expiresAt, now));
  if (filter === "current") return or(liveReady, notInArray(vouchers.status, [...PAST, "READY_TO_REDEEM"]));
  if (filter === "past") return or(lapsedReady, inArray(vouchers.status, [...PAST]));
  return undefined;
}
