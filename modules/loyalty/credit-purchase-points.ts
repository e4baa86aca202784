import { addDays, addMonths } from "date-fns";
import { and, asc, eq, gt, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { enqueueJob } from "../jobs/enqueue";
import { type VoucherStatus, vouchers } from "../vouchers/schema";
import { POINTS_VALIDITY_MONTHS, PURCHASE_POINTS_DELAY_DAYS, purchasePoints } from "./levels";
import { loyaltyEntries } from "./schema";

/** The job that credits an order's vouchers their Club points, 30 days after the purchase. */
export const LOYALTY_PURCHASE_JOB = "loyalty.credit-purchase-points";
/** Vouchers looked at per query. */
export const PURCHASE_POINTS_BATCH_SIZE = 200;
/** A voucher still on its way back (return, exchange for credit) is looked at again a week later… */
export const PURCHASE_POINTS_RETRY_DAYS = 7;
/** …until this long after the purchase; still undecided then, it earns nothing. */
export const PURCHASE_POINTS_GIVE_UP_DAYS = 120;

/** Given back, turned into wallet credit, or cancelled by fraud review: never earns points. */
const GIVEN_BACK: readonly VoucherStatus[] = ["REFUNDED", "REQUEST_PROCESSED", "CANCELLED"];
/** On the way to being given back (or not), or waiting for fraud review: wait and see. */
const UNDECIDED: readonly VoucherStatus[] = ["CREDIT_REQUESTED", "RETURN_REQUESTED", "RETURN_IN_TRANSIT", "RETURNED_TO_MERCHANT", "HELD"];

export const purchaseEarnKey = (voucherId: number) => `purchase:voucher:${voucherId}`;

const notYetCredited = sql`not exists (select 1 from ${loyaltyEntries} where ${loyaltyEntries.earnKey} = 'purchase:voucher:' || ${vouchers.id})`;

const voucherColumns = {
  id: vouchers.id,
  customerId: vouchers.customerId,
  orderId: vouchers.orderId,
  dealId: vouchers.dealId,
  dealTitle: vouchers.dealTitle,
  status: vouchers.status,
  paidCard: vouchers.paidCard,
  paidRefundableCredit: vouchers.paidRefundableCredit,
  createdAt: vouchers.createdAt,
};
type DueVoucher = { [K in keyof typeof voucherColumns]: (typeof vouchers.$inferSelect)[K] };

export type VoucherPointsOutcome = "credited" | "already credited" | "given back" | "undecided" | "not yet" | "no points";

/**
 * Credits one voucher's purchase points if it is 30 days old and was not given back, as an earning
 * valid 6 months from now. The earn key makes a second run (or a second instance) a no-op.
 * Marketing credit spent on it earns nothing: it was the shop's money, not the shopper's.
 */
async function creditVoucher(db: Db, voucher: DueVoucher, now: Date): Promise<VoucherPointsOutcome> {
  if (addDays(voucher.createdAt, PURCHASE_POINTS_DELAY_DAYS) > now) return "not yet";
  if (GIVEN_BACK.includes(voucher.status)) return "given back";
  if (UNDECIDED.includes(voucher.status)) return addDays(voucher.createdAt, PURCHASE_POINTS_GIVE_UP_DAYS) > now ? "undecided" : "given back";
  const points = purchasePoints(voucher.paidCard + voucher.paidRefundableCredit);
  if (points === 0) return "no points";
  const inserted = await db
    .insert(loyaltyEntries)
    .values({
      customerId: voucher.customerId,
      kind: "purchase",
      points,
      remaining: points,
      expiresAt: addMonths(now, POINTS_VALIDITY_MONTHS),
      earnKey: purchaseEarnKey(voucher.id),
      dealId: voucher.dealId,
      orderId: voucher.orderId,
      voucherId: voucher.id,
      description: `Purchase: ${voucher.dealTitle}`,
      createdAt: now,
    })
    .onConflictDoNothing({ target: loyaltyEntries.earnKey })
    .returning({ id: loyaltyEntries.id });
  return inserted.length > 0 ? "credited" : "already credited";
}

export interface OrderPointsResult {
  credited: number;
  /** When to look again at vouchers not decided yet (or not yet 30 days old); null when all are settled. */
  retryAt: Date | null;
}

/**
 * The job's work for one order (queued by the order for 30 days after it, `schedulePurchasePoints`):
 * each voucher not refunded, not exchanged for credit and not on its way back earns its points now.
 * Vouchers still being returned or exchanged are looked at again a week later (until 120 days after
 * the purchase). Idempotent: running it again credits nothing twice.
 */
export async function creditOrderPurchasePoints(db: Db, now: Date, orderId: number): Promise<OrderPointsResult> {
  const due = await db.select(voucherColumns).from(vouchers).where(and(eq(vouchers.orderId, orderId), notYetCredited)).orderBy(asc(vouchers.id));
  let credited = 0;
  let retryAt: Date | null = null;
  for (const voucher of due) {
    const outcome = await creditVoucher(db, voucher, now);
    if (outcome === "credited") credited += 1;
    const again = outcome === "undecided" ? addDays(now, PURCHASE_POINTS_RETRY_DAYS) : outcome === "not yet" ? addDays(voucher.createdAt, PURCHASE_POINTS_DELAY_DAYS) : null;
    if (again && (retryAt === null || again < retryAt)) retryAt = again;
  }
  return { credited, retryAt };
}

/**
 * Every voucher of one shopper that is due its points (the development tools' time travel, and a
 * repair for operators): walks their vouchers 30 days old or more not yet credited
 * (vouchers_customer_idx, the earn key's unique index), a batch at a time. Answers how many earned.
 */
export async function creditCustomerPurchasePoints(db: Db, now: Date, customerId: number, batchSize = PURCHASE_POINTS_BATCH_SIZE): Promise<number> {
  const cutoff = addDays(now, -PURCHASE_POINTS_DELAY_DAYS);
  let credited = 0;
  let after = 0;
  for (;;) {
    const where: SQL | undefined = and(eq(vouchers.customerId, customerId), lte(vouchers.createdAt, cutoff), gt(vouchers.id, after), notYetCredited);
    const batch = await db.select(voucherColumns).from(vouchers).where(where).orderBy(asc(vouchers.id)).limit(batchSize);
    for (const voucher of batch) if ((await creditVoucher(db, voucher, now)) === "credited") credited += 1;
    if (batch.length < batchSize) return credited;
    after = batch[batch.length - 1].id;
  }
}

/**
 * Queues the order's Club points for 30 days after it (an order-placed step, in the order's
 * transaction): the job exists if and only if the order does, once per order.
 */
export async function schedulePurchasePoints(tx: Db, order: { orderId: number; at: Date; clock?: Clock }): Promise<void> {
  await enqueueJob(tx, LOYALTY_PURCHASE_JOB, { orderId: order.orderId }, { runAt: addDays(order.at, PURCHASE_POINTS_DELAY_DAYS), uniqueKey: `loyalty-points:order:${order.orderId}`, clock: order.clock });
}

/** The job's handler: credits the order's vouchers, and queues another look at those still undecided. */
export async function runPurchasePointsJob(db: Db, clock: Clock, payload: Record<string, unknown>): Promise<number> {
  const orderId = Number(payload.orderId);
  if (!Number.isInteger(orderId) || orderId <= 0) throw new RangeError(`${LOYALTY_PURCHASE_JOB}: bad order id ${String(payload.orderId)}`);
  const result = await creditOrderPurchasePoints(db, clock.now(), orderId);
  if (result.retryAt) await enqueueJob(db, LOYALTY_PURCHASE_JOB, { orderId }, { runAt: result.retryAt, clock });
  return result.credited;
}
