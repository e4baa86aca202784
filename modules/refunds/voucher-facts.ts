import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { marketTimeZone } from "../../lib/market-time";
import type { Currency } from "../../lib/money";
import { shipments } from "../delivery/schema";
import { vouchers } from "../vouchers/schema";
import { type AfterSaleFacts, type AfterSaleOptions, afterSaleOptions } from "./after-sale-options";

export type VoucherRow = typeof vouchers.$inferSelect;

/** Windows end at midnight in the market the voucher was sold in: euro vouchers are Irish. */
export function voucherTimeZone(currency: Currency): string {
  return marketTimeZone(currency === "EUR" ? "IE" : "GB");
}

/** The voucher, locked until the transaction ends (every refund, credit and extension starts here); null when unknown. */
export async function lockVoucher(tx: Db, voucherId: number): Promise<VoucherRow | null> {
  const [row] = await tx.select().from(vouchers).where(eq(vouchers.id, voucherId)).for("update");
  return row ?? null;
}

/** The customer's own voucher; null for anyone else's, so it is never revealed to them. */
export async function findCustomerVoucherRow(db: Db, customerId: number, voucherId: number): Promise<VoucherRow | null> {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.id, voucherId));
  return row && row.customerId === customerId ? row : null;
}

/** What the after-sale rules decide from: the voucher and, for goods, its shipment's status. */
export function afterSaleFacts(voucher: VoucherRow, shipmentStatus: AfterSaleFacts["shipmentStatus"]): AfterSaleFacts {
  return {
    status: voucher.status,
    availableAt: voucher.availableAt,
    expiresAt: voucher.expiresAt,
    protected: voucher.protected,
    physical: voucher.physical,
    extendedMonths: voucher.extendedMonths,
    redeemedAt: voucher.redeemedAt,
    shipmentStatus,
    timeZone: voucherTimeZone(voucher.currency),
  };
}

/** The facts, reading the shipment's status for goods. */
export async function afterSaleFactsOf(db: Db, voucher: VoucherRow): Promise<AfterSaleFacts> {
  const [shipment] = voucher.physical ? await db.select({ status: shipments.status }).from(shipments).where(eq(shipments.voucherId, voucher.id)) : [];
  return afterSaleFacts(voucher, shipment?.status ?? null);
}

export async function optionsOf(db: Db, voucher: VoucherRow, now: Date): Promise<AfterSaleOptions> {
  return afterSaleOptions(await afterSaleFactsOf(db, voucher), now);
}
