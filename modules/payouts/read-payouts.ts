import { and, asc, desc, eq, lt, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Currency } from "../../lib/money";
import { merchants } from "../catalog/schema";
import { statusHistory } from "../states/transition";
import { vouchers } from "../vouchers/schema";
import { PAYOUT_PROCESS } from "./payout-process";
import { type PayoutLineKind, type PayoutStatus, payoutBankFiles, payoutLines, payoutRuns, payouts } from "./schema";

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  draft: "Awaiting approval",
  approved: "Approved",
  paid: "Paid",
  failed: "Failed",
  carried_forward: "Carried forward",
};

export interface PayoutSummary {
  id: number;
  merchantId: number;
  merchantName: string;
  currency: Currency;
  status: PayoutStatus;
  cutoffAt: Date;
  grossSales: number;
  refunds: number;
  commission: number;
  carriedIn: number;
  amount: number;
  commissionBps: number;
  bankFileId: number | null;
  approvedByName: string | null;
  paidAt: Date | null;
  failureReason: string | null;
}

const summaryColumns = {
  id: payouts.id,
  merchantId: payouts.merchantId,
  merchantName: merchants.businessName,
  currency: payouts.currency,
  status: payouts.status,
  cutoffAt: payoutRuns.cutoffAt,
  grossSales: payouts.grossSales,
  refunds: payouts.refunds,
  commission: payouts.commission,
  carriedIn: payouts.carriedIn,
  amount: payouts.amount,
  commissionBps: payouts.commissionBps,
  bankFileId: payouts.bankFileId,
  approvedByName: payouts.approvedByName,
  paidAt: payouts.paidAt,
  failureReason: payouts.failureReason,
};

const summaries = (db: Db, where: SQL | undefined) =>
  db.select(summaryColumns).from(payouts).innerJoin(payoutRuns, eq(payoutRuns.id, payouts.runId)).innerJoin(merchants, eq(merchants.id, payouts.merchantId)).where(where);

export const PAYOUT_PAGE_SIZE = 50;

/** Finance's list, newest first, by status, a page at a time (`before`: the last id of the previous page). */
export async function listPayouts(db: Db, filter: { status?: PayoutStatus; before?: number }): Promise<PayoutSummary[]> {
  return summaries(db, and(filter.status ? eq(payouts.status, filter.status) : undefined, filter.before ? lt(payouts.id, filter.before) : undefined))
    .orderBy(desc(payouts.id))
    .limit(PAYOUT_PAGE_SIZE);
}

/** One merchant's payouts, newest first (the portal shows only the merchant's own). */
export async function merchantPayouts(db: Db, merchantId: number): Promise<PayoutSummary[]> {
  return summaries(db, eq(payouts.merchantId, merchantId)).orderBy(desc(payouts.id)).limit(200);
}

/** A payout, or null; with `merchantId`, only if it is that merchant's (the portal). */
export async function findPayout(db: Db, payoutId: number, merchantId?: number): Promise<PayoutSummary | null> {
  const [payout] = await summaries(db, and(eq(payouts.id, payoutId), merchantId === undefined ? undefined : eq(payouts.merchantId, merchantId)));
  return payout ?? null;
}

export interface PayoutLineView {
  kind: PayoutLineKind;
  occurredAt: Date;
  code: string;
  dealTitle: string;
  productName: string;
  gross: number;
  commission: number;
  net: number;
}

/** The vouchers a payout covers, in the order they were earned or refunded. */
export async function payoutLineViews(db: Db, payoutId: number): Promise<PayoutLineView[]> {
  return db
    .select({
      kind: payoutLines.kind,
      occurredAt: payoutLines.occurredAt,
      code: vouchers.code,
      dealTitle: vouchers.dealTitle,
      productName: vouchers.productName,
      gross: payoutLines.gross,
      commission: payoutLines.commission,
      net: payoutLines.net,
    })
    .from(payoutLines)
    .innerJoin(vouchers, eq(vouchers.id, payoutLines.voucherId))
    .where(eq(payoutLines.payoutId, payoutId))
    .orderBy(asc(payoutLines.occurredAt), asc(payoutLines.id));
}

/** A payout's status history, for its page. */
export function payoutHistory(db: Db, payoutId: number) {
  return statusHistory(db, PAYOUT_PROCESS, payoutId);
}

/** The latest bank files, newest first, for finance to download again. */
export async function recentBankFiles(db: Db, limit = 20) {
  return db.select().from(payoutBankFiles).orderBy(desc(payoutBankFiles.id)).limit(limit);
}

/** The latest payout runs, newest first: when each cut-off was run and whether it finished. */
export async function recentPayoutRuns(db: Db, limit = 5) {
  return db.select().from(payoutRuns).orderBy(desc(payoutRuns.cutoffAt)).limit(limit);
}
