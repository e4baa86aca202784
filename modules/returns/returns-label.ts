import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { customers } from "../accounts/schema";
import { merchantAddresses, merchants } from "../catalog/schema";
import { vouchers } from "../vouchers/schema";
import { RETURN_REASONS, type ReturnReason } from "./return-reasons";
import { returnOrders } from "./schema";

/** Where the shopper's returns label is (the PDF, for its owner only). */
export function returnsLabelPath(returnId: number): string {
  return `/v1/returns/pdf?returnId=${returnId}`;
}

/** What the returns label prints. */
export interface ReturnsLabel {
  returnId: number;
  reference: string;
  orderId: number;
  voucherCode: string;
  item: string;
  reason: string;
  customerName: string;
  merchantName: string;
  /** The merchant's main address, line by line; empty when the merchant has none on file. */
  returnAddress: string[];
  merchantContact: string | null;
  createdAt: Date;
}

/** The label of one of the customer's returns; null for anyone else's (never revealed to them). */
export async function findReturnsLabel(db: Db, customerId: number, returnId: number): Promise<ReturnsLabel | null> {
  const [row] = await db
    .select({ ret: returnOrders, voucher: vouchers, firstName: customers.firstName, lastName: customers.lastName, contactEmail: merchants.contactEmail })
    .from(returnOrders)
    .innerJoin(vouchers, eq(vouchers.id, returnOrders.voucherId))
    .innerJoin(customers, eq(customers.id, returnOrders.customerId))
    .innerJoin(merchants, eq(merchants.id, returnOrders.merchantId))
    .where(and(eq(returnOrders.id, returnId), eq(returnOrders.customerId, customerId)));
  if (!row) return null;
  const [address] = await db
    .select()
    .from(merchantAddresses)
    .where(eq(merchantAddresses.merchantId, row.ret.merchantId))
    .orderBy(desc(merchantAddresses.isMain), asc(merchantAddresses.id))
    .limit(1);
  return {
    returnId: row.ret.id,
    reference: row.ret.reference,
    orderId: row.ret.orderId,
    voucherCode: row.voucher.code,
    item: `${row.voucher.dealTitle}, ${row.voucher.productName}`,
    reason: RETURN_REASONS[row.ret.reason as ReturnReason] ?? row.ret.reason,
    customerName: `${row.firstName} ${row.lastName}`.trim(),
    merchantName: row.voucher.merchantName,
    returnAddress: address ? [row.voucher.merchantName, address.addressLine1, address.addressLine2, address.town, address.postCode].filter((line): line is string => Boolean(line)) : [],
    merchantContact: row.contactEmail,
    createdAt: row.ret.createdAt,
  };
}
