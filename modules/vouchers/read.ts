import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type VoucherStatus, vouchers } from "./schema";

/**
 * The vouchers module's read API: the lookups other modules need, so they ask here instead of
 * reading the table themselves. Listings that join vouchers with their own tables may still read
 * it directly (docs/decisions/core-module-boundaries.md).
 */
export type VoucherRow = typeof vouchers.$inferSelect;

/** The voucher; null when unknown. */
export async function findVoucher(db: Db, voucherId: number): Promise<VoucherRow | null> {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.id, voucherId));
  return row ?? null;
}

/** The voucher, locked until the transaction ends; null when unknown. */
export async function lockVoucherRow(tx: Db, voucherId: number): Promise<VoucherRow | null> {
  const [row] = await tx.select().from(vouchers).where(eq(vouchers.id, voucherId)).for("update");
  return row ?? null;
}

/** The vouchers of an order, in the order they were issued. */
export async function vouchersOfOrder(db: Db, orderId: number): Promise<VoucherRow[]> {
  return db.select().from(vouchers).where(eq(vouchers.orderId, orderId)).orderBy(asc(vouchers.id));
}

/** The statuses of an order's vouchers (one per voucher). */
export async function voucherStatusesOfOrder(db: Db, orderId: number): Promise<VoucherStatus[]> {
  const rows = await db.select({ status: vouchers.status }).from(vouchers).where(eq(vouchers.orderId, orderId));
  return rows.map((row) => row.status);
}

/** Whether the customer ever bought a voucher. */
export async function hasBoughtVoucher(db: Db, customerId: number): Promise<boolean> {
  const [row] = await db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.customerId, customerId)).limit(1);
  return row !== undefined;
}
