import { and, count, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Currency } from "../../lib/money";
import { merchants } from "../catalog/schema";
import { voucherRefunds } from "../refunds/schema";
import { vouchers } from "../vouchers/schema";

/** One currency's totals for a period (minor units). */
export interface StatementTotals {
  currency: Currency;
  vouchersSold: number;
  /** What shoppers paid for the vouchers sold in the period, by card and credit alike. */
  grossSales: number;
  vouchersRefunded: number;
  /** What was given back in the period (refunds and exchanges for credit), whenever the voucher was sold. */
  refunds: number;
  commissionBps: number;
  /** Our commission on the period's net sales (gross less refunds). */
  commission: number;
  /** What we pay the merchant: net sales less commission (negative when refunds outweigh sales). */
  owed: number;
}

/** Commission on an amount, half away from zero, in whole minor units. */
export function commissionOn(amount: number, bps: number): number {
  return Math.sign(amount) * Math.round((Math.abs(amount) * bps) / 10_000);
}

/**
 * The merchant's statement for [start, end): per currency, gross sales, refunds, commission at
 * the merchant's rate (merchants.commission_bps) and the amount owed. Only this merchant's rows.
 */
export async function merchantStatement(db: Db, input: { merchantId: number; start: Date; end: Date }): Promise<StatementTotals[]> {
  const [merchant] = await db.select({ commissionBps: merchants.commissionBps }).from(merchants).where(eq(merchants.id, input.merchantId));
  if (!merchant) return [];
  const [sales, refunds] = await Promise.all([
    db
      .select({
        currency: vouchers.currency,
        count: count(),
        amount: sql<string>`coalesce(sum(${vouchers.paidCard} + ${vouchers.paidRefundableCredit} + ${vouchers.paidMarketingCredit}), 0)`,
      })
      .from(vouchers)
      .where(and(eq(vouchers.merchantId, input.merchantId), gte(vouchers.createdAt, input.start), lt(vouchers.createdAt, input.end)))
      .groupBy(vouchers.currency),
    db
      .select({
        currency: voucherRefunds.currency,
        count: count(),
        amount: sql<string>`coalesce(sum(${voucherRefunds.cardAmount} + ${voucherRefunds.refundableCredit} + ${voucherRefunds.marketingCredit}), 0)`,
      })
      .from(voucherRefunds)
      .where(and(eq(voucherRefunds.merchantId, input.merchantId), gte(voucherRefunds.createdAt, input.start), lt(voucherRefunds.createdAt, input.end)))
      .groupBy(voucherRefunds.currency),
  ]);
  const currencies = [...new Set([...sales, ...refunds].map((row) => row.currency))].sort();
  return currencies.map((currency) => {
    const sold = sales.find((row) => row.currency === currency);
    const refunded = refunds.find((row) => row.currency === currency);
    const grossSales = Number(sold?.amount ?? 0);
    const refundTotal = Number(refunded?.amount ?? 0);
    const commission = commissionOn(grossSales - refundTotal, merchant.commissionBps);
    return {
      currency,
      vouchersSold: Number(sold?.count ?? 0),
      grossSales,
      vouchersRefunded: Number(refunded?.count ?? 0),
      refunds: refundTotal,
      commissionBps: merchant.commissionBps,
      commission,
      owed: grossSales - refundTotal - commission,
    };
  });
}
