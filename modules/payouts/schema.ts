import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Currency } from "../../lib/money";

/**
 * A payout's states (PAYOUT_PROCESS): a run drafts it, finance approves it, it goes out in a bank
 * file and is marked paid, or the bank returns it (failed) and finance retries it. A run whose
 * refunds outweigh the earnings makes a carried-forward payout instead: nothing is paid and its
 * negative amount is taken off the merchant's next payout.
 */
export type PayoutStatus = "draft" | "approved" | "paid" | "failed" | "carried_forward";

/** One payout run: everything merchants earned up to its cut-off (unique: a run happens once). */
export const payoutRuns = pgTable(
  "payout_runs",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    cutoffAt: timestamp("cutoff_at", { withTimezone: true }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** Who started it: the schedule ("system") or a member of staff's name. */
    startedBy: text("started_by").notNull(),
  },
  (t) => [uniqueIndex("payout_runs_cutoff_uq").on(t.cutoffAt)],
);

/** What one merchant is paid in one currency by one run; the lines say which vouchers it covers. */
export const payouts = pgTable(
  "payouts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    runId: integer("run_id").notNull(),
    merchantId: integer("merchant_id").notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    status: text("status").$type<PayoutStatus>().notNull(),
    /** Minor units. Sales and refunds are what shoppers paid and got back; commission is net of refunded commission. */
    grossSales: integer("gross_sales").notNull().default(0),
    refunds: integer("refunds").notNull().default(0),
    commission: integer("commission").notNull().default(0),
    /** A negative balance taken over from the merchant's previous, carried-forward payout (≤ 0). */
    carriedIn: integer("carried_in").notNull().default(0),
    /** What the merchant is paid: sales − refunds − commission + carried in (negative: carried forward). */
    amount: integer("amount").notNull().default(0),
    commissionBps: integer("commission_bps").notNull(),
    /** A carried-forward payout, once the next payout took its balance over. */
    carriedIntoPayoutId: integer("carried_into_payout_id"),
    bankFileId: integer("bank_file_id"),
    approvedByName: text("approved_by_name"),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    failureReason: text("failure_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    // Two instances running the same run: the second insert waits for the first and then does nothing.
    uniqueIndex("payouts_run_merchant_currency_uq").on(t.runId, t.merchantId, t.currency),
    index("payouts_merchant_idx").on(t.merchantId, t.createdAt.desc()),
    index("payouts_status_idx").on(t.status, t.createdAt.desc()),
    index("payouts_bank_file_idx")
      .on(t.bankFileId)
      .where(sql`${t.bankFileId} is not null`),
    check("payouts_carried_in_not_positive", sql`${t.carriedIn} <= 0`),
  ],
);

/** A line of a payout: a voucher earned (redeemed or sold) or a refund of one taken back. */
export type PayoutLineKind = "earning" | "refund";

/**
 * The vouchers a payout covers. A voucher is earned once and a refund taken back once, ever: the
 * unique indexes are what finally stops two runs (or two instances) paying the same voucher twice.
 */
export const payoutLines = pgTable(
  "payout_lines",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    payoutId: integer("payout_id").notNull(),
    kind: text("kind").$type<PayoutLineKind>().notNull(),
    voucherId: integer("voucher_id").notNull(),
    /** The refund taken back (refund lines only). */
    refundId: integer("refund_id"),
    /** When it happened: redeemed or sold (earning), refunded (refund). */
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    /** What the shopper paid, or got back (negative), and the commission on it (negative on a refund). */
    gross: integer("gross").notNull(),
    commission: integer("commission").notNull(),
    net: integer("net").notNull(),
  },
  (t) => [
    uniqueIndex("payout_lines_earning_uq")
      .on(t.voucherId)
      .where(sql`${t.kind} = 'earning'`),
    uniqueIndex("payout_lines_refund_uq")
      .on(t.refundId)
      .where(sql`${t.kind} = 'refund'`),
    index("payout_lines_payout_idx").on(t.payoutId, t.occurredAt),
    check("payout_lines_kind_known", sql`${t.kind} in ('earning','refund')`),
    check("payout_lines_refund_has_refund", sql`(${t.kind} = 'refund') = (${t.refundId} is not null)`),
  ],
);

/** A BACS bureau file finance downloaded: the approved GBP payouts it holds (payouts.bank_file_id). */
export const payoutBankFiles = pgTable("payout_bank_files", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  createdByName: text("created_by_name").notNull(),
  payoutCount: integer("payout_count").notNull(),
  total: integer("total").notNull(),
});
