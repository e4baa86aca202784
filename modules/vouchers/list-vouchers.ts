import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type VoucherStatus, vouchers } from "./schema";
import { type VoucherFilter, filterCondition, isAvailable, shownStatus, statusText } from "./voucher-display";

/** Spec §9: the voucher list shows 10 per page. */
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

/**
 * A customer's vouchers, newest first, a page (1-based) at a time, optionally only the current or
 * the past ones. Walks vouchers_customer_idx (customer, created_at desc, id desc).
 */
export async function listVouchers(db: Db, request: { customerId: number; page: number; filter: VoucherFilter; now: Date }) {
  const page = Math.max(1, request.page);
  const where = and(eq(vouchers.customerId, request.customerId), filterCondition(request.filter, request.now));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(vouchers)
      .where(where)
      .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
      .limit(VOUCHER_PAGE_SIZE)
      .offset((page - 1) * VOUCHER_PAGE_SIZE),
    db.select({ total: count() }).from(vouchers).where(where),
  ]);
  return {
    vouchers: rows.map((row) => summary(row, request.now)),
    page,
    pageCount: Math.max(1, Math.ceil(Number(total) / VOUCHER_PAGE_SIZE)),
    total: Number(total),
    filter: request.filter,
  };
}

/** One of the customer's vouchers; null for anyone else's (so it is never revealed to them). */
export async function findCustomerVoucher(db: Db, customerId: number, voucherId: number, now: Date): Promise<VoucherSummary | null> {
  const [row] = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.id, voucherId), eq(vouchers.customerId, customerId)));
  return row ? summary(row, now) : null;
}

export async function orderVouchers(db: Db, orderId: number, now: Date): Promise<VoucherSummary[]> {
  const rows = await db.select().from(vouchers).where(eq(vouchers.orderId, orderId)).orderBy(vouchers.id);
  return rows.map((row) => summary(row, now));
}
