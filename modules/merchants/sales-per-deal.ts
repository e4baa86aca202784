import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Currency } from "../../lib/money";
import { voucherRefunds } from "../refunds/schema";
import { vouchers } from "../vouchers/schema";

export interface DealSales {
  dealId: number;
  dealTitle: string;
  currency: Currency;
  sold: number;
  booked: number;
  redeemed: number;
  /** Refunded or exchanged for wallet credit. */
  refunded: number;
  /** What shoppers paid for the vouchers sold (minor units). */
  grossSales: number;
}

/** The merchant's sales per deal over all time, the most recently sold first. Only this merchant's vouchers. */
export async function salesPerDeal(db: Db, merchantId: number): Promise<DealSales[]> {
  const rows = await db
    .select({
      dealId: vouchers.dealId,
      dealTitle: sql<string>`max(${vouchers.dealTitle})`,
      currency: sql<Currency>`max(${vouchers.currency})`,
      sold: sql<number>`count(*)`.mapWith(Number),
      booked: sql<number>`count(*) filter (where ${vouchers.status} = 'BOOKED')`.mapWith(Number),
      redeemed: sql<number>`count(${vouchers.redeemedAt})`.mapWith(Number),
      refunded: sql<number>`count(${voucherRefunds.id})`.mapWith(Number),
      grossSales: sql<number>`coalesce(sum(${vouchers.paidCard} + ${vouchers.paidRefundableCredit} + ${vouchers.paidMarketingCredit}), 0)`.mapWith(Number),
    })
    .from(vouchers)
    // Naming the merchant on the refunds too lets the join use voucher_refunds_merchant_idx, not read every refund.
    .leftJoin(voucherRefunds, and(eq(voucherRefunds.voucherId, vouchers.id), eq(voucherRefunds.merchantId, merchantId)))
    .where(eq(vouchers.merchantId, merchantId))
    .groupBy(vouchers.dealId)
    .orderBy(desc(sql`max(${vouchers.createdAt})`), desc(vouchers.dealId));
  return rows;
}
