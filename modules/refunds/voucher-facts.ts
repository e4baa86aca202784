import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { marketTimeZone } from "../../lib/market-time";
import type { Currency } from "../../lib/money";
import { shipments } from "../delivery/schema";
import { giftClaims } from "../gifts/schema";
import { findVoucher, lockVoucherRow, type VoucherRow } from "../vouchers/read";
import { type AfterSaleFacts, type AfterSaleOptions, afterSaleOptions, type GiftFacts } from "./after-sale-options";

export type { VoucherRow };

/** Windows end at midnight in the market the voucher was sold in: euro vouchers are Irish. */
export function voucherTimeZone(currency: Currency): string {
  return marketTimeZone(currency === "EUR" ? "IE" : "GB");
}

/** The voucher, locked until the transaction ends (every refund, credit and extension starts here); null when unknown. */
export async function lockVoucher(tx: Db, voucherId: number): Promise<VoucherRow | null> {
  return lockVoucherRow(tx, voucherId);
}

/** Its buyer, or the holder of a claimed gift: the two who may ask about a voucher's after-sale rights. */
export const isBuyerOrHolder = (voucher: VoucherRow, customerId: number) => voucher.customerId === customerId || voucher.holderCustomerId === customerId;

/** The customer's own voucher, bought or held as a claimed gift; null for anyone else's, so it is never revealed to them. */
export async function findCustomerVoucherRow(db: Db, customerId: number, voucherId: number): Promise<VoucherRow | null> {
  const row = await findVoucher(db, voucherId);
  return row && isBuyerOrHolder(row, customerId) ? row : null;
}

/** The voucher's open gift (sent or claimed) as `viewerId` stands to it; null when it was not given. */
export async function giftFactsOf(db: Db, voucher: VoucherRow, viewerId: number): Promise<GiftFacts | null> {
  const [open] = await db
    .select({ status: giftClaims.status })
    .from(giftClaims)
    .where(and(eq(giftClaims.voucherId, voucher.id), ne(giftClaims.status, "CANCELLED")));
  if (!open || open.status === "CANCELLED") return null;
  return { status: open.status, viewer: voucher.holderCustomerId === viewerId ? "holder" : "buyer" };
}

/** What the after-sale rules decide from: the voucher, for goods its shipment's status, and its gift. */
export function afterSaleFacts(voucher: VoucherRow, shipmentStatus: AfterSaleFacts["shipmentStatus"], gift: GiftFacts | null = null): AfterSaleFacts {
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
    gift,
  };
}

/** The facts as `viewerId` (its buyer or holder) stands to the voucher, reading the shipment's status for goods and its gift. */
export async function afterSaleFactsOf(db: Db, voucher: VoucherRow, viewerId: number): Promise<AfterSaleFacts> {
  const [shipment] = voucher.physical ? await db.select({ status: shipments.status }).from(shipments).where(eq(shipments.voucherId, voucher.id)) : [];
  const gift = await giftFactsOf(db, voucher, viewerId);
  return afterSaleFacts(voucher, shipment?.status ?? null, gift);
}

/** What `viewerId` may do with the voucher now. */
export async function optionsOf(db: Db, voucher: VoucherRow, now: Date, viewerId: number): Promise<AfterSaleOptions> {
  return afterSaleOptions(await afterSaleFactsOf(db, voucher, viewerId), now);
}
