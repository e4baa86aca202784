import { count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { VOUCHER_STATUSES, vouchers } from "./schema";

/** Spec §9: the voucher list shows 10 per page. */
export const VOUCHER_PAGE_SIZE = 10;

export interface VoucherSummary {
  id: number;
  code: string;
  orderId: number;
  dealId: number;
  dealTitle: string;
  productName: string;
  merchantName: string;
  /** The spec's status text, e.g. "Ready to Redeem". */
  status: string;
  expiresAt: Date;
  purchasedAt: Date;
}

function summary(row: typeof vouchers.$inferSelect, now: Date): VoucherSummary {
  const expired = row.status === "READY_TO_REDEEM" && row.expiresAt.getTime() <= now.getTime();
  return {
    id: row.id,
    code: row.code,
    orderId: row.orderId,
    dealId: row.dealId,
    dealTitle: row.dealTitle,
    productName: row.productName,
    merchantName: row.merchantName,
    status: expired ? VOUCHER_STATUSES.EXPIRED : VOUCHER_STATUSES[row.status],
    expiresAt: row.expiresAt,
    purchasedAt: row.createdAt,
  };
}

/** A customer's vouchers, newest first, a page (1-based) at a time. */
export async function listVouchers(db: Db, customerId: number, page: number, now: Date) {
  const where = eq(vouchers.customerId, customerId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(vouchers)
      .where(where)
      .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
      .limit(VOUCHER_PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * VOUCHER_PAGE_SIZE),
    db.select({ total: count() }).from(vouchers).where(where),
  ]);
  return {
    vouchers: rows.map((row) => summary(row, now)),
    page: Math.max(1, page),
    pageCount: Math.max(1, Math.ceil(Number(total) / VOUCHER_PAGE_SIZE)),
    total: Number(total),
  };
}

/** One of the customer's vouchers; null for anyone else's (so it is never revealed to them). */
export async function findCustomerVoucher(db: Db, customerId: number, voucherId: number, now: Date): Promise<VoucherSummary | null> {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.id, voucherId));
  return row && row.customerId === customerId ? summary(row, now) : null;
}

export async function orderVouchers(db: Db, orderId: number, now: Date): Promise<VoucherSummary[]> {
  const rows = await db.select().from(vouchers).where(eq(vouchers.orderId, orderId)).orderBy(vouchers.id);
  return rows.map((row) => summary(row, now));
}
