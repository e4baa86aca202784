import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Currency } from "../../lib/money";
import { voucherRefunds } from "../refunds/schema";
import { vouchers } from "../vouchers/schema";

/** One line of a statement: a voucher sold, or money given back for one. */
export interface StatementLine {
  at: Date;
  kind: "Sale" | "Refund";
  code: string;
  dealTitle: string;
  productName: string;
  currency: Currency;
  /** Minor units; refunds are negative. */
  amount: number;
}

/** The sales and refunds behind a statement's totals, oldest first (for the CSV download). */
export async function statementLines(db: Db, input: { merchantId: number; start: Date; end: Date }): Promise<StatementLine[]> {
  const voucherColumns = { code: vouchers.code, dealTitle: vouchers.dealTitle, productName: vouchers.productName };
  const [sales, refunds] = await Promise.all([
    db
      .select({
        at: vouchers.createdAt,
        ...voucherColumns,
        currency: vouchers.currency,
        amount: sql<number>`${vouchers.paidCard} + ${vouchers.paidRefundableCredit} + ${vouchers.paidMarketingCredit}`.mapWith(Number),
      })
      .from(vouchers)
      .where(and(eq(vouchers.merchantId, input.merchantId), gte(vouchers.createdAt, input.start), lt(vouchers.createdAt, input.end)))
      .orderBy(asc(vouchers.createdAt), asc(vouchers.id)),
    db
      .select({
        at: voucherRefunds.createdAt,
        ...voucherColumns,
        currency: voucherRefunds.currency,
        amount: sql<number>`${voucherRefunds.cardAmount} + ${voucherRefunds.refundableCredit} + ${voucherRefunds.marketingCredit}`.mapWith(Number),
      })
      .from(voucherRefunds)
      .innerJoin(vouchers, eq(vouchers.id, voucherRefunds.voucherId))
      .where(and(eq(voucherRefunds.merchantId, input.merchantId), gte(voucherRefunds.createdAt, input.start), lt(voucherRefunds.createdAt, input.end)))
      .orderBy(asc(voucherRefunds.createdAt), asc(voucherRefunds.id)),
  ]);
  const lines: StatementLine[] = [
    ...sales.map((row) => ({ ...row, kind: "Sale" as const })),
    ...refunds.map((row) => ({ ...row, kind: "Refund" as const, amount: -row.amount })),
  ];
  return lines.sort((a, b) => a.at.getTime() - b.at.getTime());
}
