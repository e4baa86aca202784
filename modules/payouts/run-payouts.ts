import { and, eq, inArray, isNull, max, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/query-rows";
import type { Clock } from "../../lib/clock";
import type { Currency } from "../../lib/money";
import { merchants } from "../catalog/schema";
import { voucherRefunds } from "../refunds/schema";
import { type Actor, recordInitialStatus } from "../states/transition";
import { vouchers } from "../vouchers/schema";
import { payoutDue } from "./cutoff";
import { PAYOUT_PROCESS } from "./payout-process";
import { payoutLines, payoutRuns, payouts } from "./schema";

const PAYOUT_RUN_ACTOR: Actor = { type: "system", id: "payouts.run" };

/**
 * When a voucher became payable: redeemed (pay on redemption) or sold (pay on sale), before the
 * cut-off. A sale held for fraud review is not one until approved, and a rejected one never is.
 */
const payableBefore = (cutoffAt: Date) =>
  sql`((${merchants.payoutBasis} = 'redemption' and ${vouchers.redeemedAt} < ${cutoffAt}) or (${merchants.payoutBasis} = 'sale' and ${vouchers.createdAt} < ${cutoffAt} and ${vouchers.status} not in ('HELD', 'CANCELLED')))`;
const notYetEarned = sql`not exists (select 1 from ${payoutLines} where ${payoutLines.kind} = 'earning' and ${payoutLines.voucherId} = ${vouchers.id})`;
const refundOfEarnedVoucher = sql`exists (select 1 from ${payoutLines} where ${payoutLines.kind} = 'earning' and ${payoutLines.voucherId} = ${voucherRefunds.voucherId})`;
const refundNotTakenBack = sql`not exists (select 1 from ${payoutLines} where ${payoutLines.kind} = 'refund' and ${payoutLines.refundId} = ${voucherRefunds.id})`;
const refundTotal = sql`(${voucherRefunds.cardAmount} + ${voucherRefunds.refundableCredit} + ${voucherRefunds.marketingCredit})`;
const voucherPaid = sql`(${vouchers.paidCard} + ${vouchers.paidRefundableCredit} + ${vouchers.paidMarketingCredit})`;
/** Commission half away from zero on a non-negative amount, as commissionOn does (modules/merchants/statement.ts). */
const commissionSql = (amount: ReturnType<typeof sql>, bps: number) => sql`round(${amount} * ${bps} / 10000.0)::int`;

export interface PayoutRunResult {
  runId: number;
  cutoffAt: Date;
  /** Payouts this call made (a run another instance already made answers 0). */
  payoutsMade: number;
}

/** Merchants (per currency) with a voucher earned or a refund to take back before the cut-off and not yet in a payout. */
async function merchantsOwed(db: Db, cutoffAt: Date): Promise<{ merchantId: number; currency: Currency }[]> {
  return queryRows<{ merchantId: number; currency: Currency }>(
    db,
    sql`select ${vouchers.merchantId} as "merchantId", ${vouchers.currency} as "currency" from ${vouchers}
          join ${merchants} on ${merchants.id} = ${vouchers.merchantId}
          where ${payableBefore(cutoffAt)} and ${notYetEarned}
        union
        select ${voucherRefunds.merchantId}, ${voucherRefunds.currency} from ${voucherRefunds}
          where ${voucherRefunds.createdAt} < ${cutoffAt} and ${refundOfEarnedVoucher} and ${refundNotTakenBack}
        order by 1, 2`,
  );
}

/**
 * One merchant's payout in one currency, in one transaction: the payout row first (a second
 * instance's insert waits on it and then does nothing), then a line per voucher earned and per
 * refund to take back (each unique: a voucher is never paid twice), the totals, and the negative
 * balance of an earlier carried-forward payout. Nothing owed: no payout.
 */
async function payMerchant(db: Db, clock: Clock, run: { id: number; cutoffAt: Date }, merchantId: number, currency: Currency): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [merchant] = await tx.select({ commissionBps: merchants.commissionBps }).from(merchants).where(eq(merchants.id, merchantId));
    if (!merchant) return false;
    const bps = merchant.commissionBps;
    const now = clock.now();
    const [payout] = await tx
      .insert(payouts)
      .values({ runId: run.id, merchantId, currency, status: "draft", commissionBps: bps, createdAt: now })
      .onConflictDoNothing({ target: [payouts.runId, payouts.merchantId, payouts.currency] })
      .returning({ id: payouts.id });
    if (!payout) return false;

    await tx.execute(sql`insert into ${payoutLines} (payout_id, kind, voucher_id, occurred_at, gross, commission, net)
      select ${payout.id}, 'earning', ${vouchers.id}, case when ${merchants.payoutBasis} = 'redemption' then ${vouchers.redeemedAt} else ${vouchers.createdAt} end,
             ${voucherPaid}, ${commissionSql(voucherPaid, bps)}, ${voucherPaid} - ${commissionSql(voucherPaid, bps)}
      from ${vouchers} join ${merchants} on ${merchants.id} = ${vouchers.merchantId}
      where ${vouchers.merchantId} = ${merchantId} and ${vouchers.currency} = ${currency} and ${payableBefore(run.cutoffAt)} and ${notYetEarned}
      on conflict do nothing`);
    await tx.execute(sql`insert into ${payoutLines} (payout_id, kind, voucher_id, refund_id, occurred_at, gross, commission, net)
      select ${payout.id}, 'refund', ${voucherRefunds.voucherId}, ${voucherRefunds.id}, ${voucherRefunds.createdAt},
             -${refundTotal}, -${commissionSql(refundTotal, bps)}, -(${refundTotal} - ${commissionSql(refundTotal, bps)})
      from ${voucherRefunds}
      where ${voucherRefunds.merchantId} = ${merchantId} and ${voucherRefunds.currency} = ${currency} and ${voucherRefunds.createdAt} < ${run.cutoffAt}
        and ${refundOfEarnedVoucher} and ${refundNotTakenBack}
      on conflict do nothing`);

    const [totals] = await tx
      .select({
        lines: sql<number>`count(*)`.mapWith(Number),
        grossSales: sql<number>`coalesce(sum(${payoutLines.gross}) filter (where ${payoutLines.kind} = 'earning'), 0)`.mapWith(Number),
        refunds: sql<number>`coalesce(-sum(${payoutLines.gross}) filter (where ${payoutLines.kind} = 'refund'), 0)`.mapWith(Number),
        commission: sql<number>`coalesce(sum(${payoutLines.commission}), 0)`.mapWith(Number),
        net: sql<number>`coalesce(sum(${payoutLines.net}), 0)`.mapWith(Number),
      })
      .from(payoutLines)
      .where(eq(payoutLines.payoutId, payout.id));
    if (totals.lines === 0) {
      await tx.delete(payouts).where(eq(payouts.id, payout.id));
      return false;
    }
    const carried = await tx
      .select({ id: payouts.id, amount: payouts.amount })
      .from(payouts)
      .where(and(eq(payouts.merchantId, merchantId), eq(payouts.currency, currency), eq(payouts.status, "carried_forward"), isNull(payouts.carriedIntoPayoutId)))
      .for("update");
    const carriedIn = carried.reduce((sum, row) => sum + row.amount, 0);
    const amount = totals.net + carriedIn;
    const status = amount > 0 ? "draft" : "carried_forward";
    await tx
      .update(payouts)
      .set({ grossSales: totals.grossSales, refunds: totals.refunds, commission: totals.commission, carriedIn, amount, status })
      .where(eq(payouts.id, payout.id));
    if (carried.length > 0)
      await tx
        .update(payouts)
        .set({ carriedIntoPayoutId: payout.id })
        .where(
          inArray(
            payouts.id,
            carried.map((row) => row.id),
          ),
        );
    await recordInitialStatus(tx, PAYOUT_PROCESS, [{ id: payout.id, status }], { actor: PAYOUT_RUN_ACTOR, at: now });
    return true;
  });
}

/** The cut-off of each merchant's last payout, for the payout frequency. */
async function lastCutoffs(db: Db, merchantIds: number[]): Promise<Map<number, Date>> {
  if (merchantIds.length === 0) return new Map();
  const rows = await db
    .select({ merchantId: payouts.merchantId, cutoffAt: max(payoutRuns.cutoffAt) })
    .from(payouts)
    .innerJoin(payoutRuns, eq(payoutRuns.id, payouts.runId))
    .where(inArray(payouts.merchantId, merchantIds))
    .groupBy(payouts.merchantId);
  return new Map(rows.flatMap((row) => (row.cutoffAt ? [[row.merchantId, row.cutoffAt] as const] : [])));
}

/**
 * The payout run for a cut-off: every merchant due on its payout frequency is paid what it earned
 * before the cut-off (redeemed or sold vouchers less commission, less refunds made since an
 * earlier payout) in a draft payout for finance to approve. Safe to run again or on two instances
 * at once: each voucher and refund is paid once (payout_lines' unique indexes), each merchant once
 * per run.
 */
export async function runPayouts(db: Db, clock: Clock, input: { cutoffAt: Date; timeZone: string; startedBy: string }): Promise<PayoutRunResult> {
  await db.insert(payoutRuns).values({ cutoffAt: input.cutoffAt, startedAt: clock.now(), startedBy: input.startedBy }).onConflictDoNothing({ target: payoutRuns.cutoffAt });
  const [run] = await db.select({ id: payoutRuns.id, cutoffAt: payoutRuns.cutoffAt }).from(payoutRuns).where(eq(payoutRuns.cutoffAt, input.cutoffAt));
  const owed = await merchantsOwed(db, run.cutoffAt);
  const merchantIds = [...new Set(owed.map((row) => row.merchantId))];
  const [lastPaid, terms] = await Promise.all([
    lastCutoffs(db, merchantIds),
    merchantIds.length === 0 ? [] : db.select({ id: merchants.id, frequency: merchants.payoutFrequency }).from(merchants).where(inArray(merchants.id, merchantIds)),
  ]);
  const frequencyOf = new Map(terms.map((row) => [row.id, row.frequency]));
  let payoutsMade = 0;
  for (const { merchantId, currency } of owed) {
    const last = lastPaid.get(merchantId) ?? null;
    // This run's own payouts (another currency, or an instance that got here first) do not make the merchant "recently paid".
    const due = last !== null && last.getTime() === run.cutoffAt.getTime() ? true : payoutDue(frequencyOf.get(merchantId) ?? "weekly", last, run.cutoffAt, input.timeZone);
    if (due && (await payMerchant(db, clock, run, merchantId, currency))) payoutsMade++;
  }
  await db
    .update(payoutRuns)
    .set({ finishedAt: clock.now() })
    .where(and(eq(payoutRuns.id, run.id), isNull(payoutRuns.finishedAt)));
  return { runId: run.id, cutoffAt: run.cutoffAt, payoutsMade };
}
