import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { hasBankDetails } from "../merchants/bank-details";
import { recordStaffChange } from "../staff/record-staff-change";
import type { StaffActor } from "../staff/staff-actor";
import { type Actor, canTransition, transition } from "../states/transition";
import { payoutError } from "./errors";
import { PAYOUT_PROCESS } from "./payout-process";
import { type PayoutStatus, payouts } from "./schema";

type PayoutRow = typeof payouts.$inferSelect;

const staffActorOf = (actor: StaffActor): Actor => ({ type: "staff", id: actor.staffUserId === null ? null : String(actor.staffUserId) });

/** Locks the payout and checks it may move to `to`, inside the caller's transaction. */
async function lockedPayout(tx: Db, payoutId: number, to: PayoutStatus): Promise<PayoutRow> {
  const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for("update");
  if (!payout) throw payoutError("UNKNOWN_PAYOUT");
  if (!canTransition(PAYOUT_PROCESS, payout.status, to)) throw payoutError("PAYOUT_STATUS_CHANGED");
  return payout;
}

/** Moves a payout, with its history row and an audit row, in one transaction. */
async function movePayout(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  change: { payoutId: number; to: PayoutStatus; action: string; reason?: string; check?: (tx: Db, payout: PayoutRow) => Promise<void>; set?: Partial<PayoutRow> },
): Promise<void> {
  await db.transaction(async (tx) => {
    const payout = await lockedPayout(tx, change.payoutId, change.to);
    await change.check?.(tx, payout);
    const at = clock.now();
    await transition(tx, PAYOUT_PROCESS, { id: payout.id, from: payout.status, to: change.to, actor: staffActorOf(actor), at, reason: change.reason, set: change.set });
    await recordStaffChange(tx, clock, actor, {
      action: change.action,
      entity: { type: "payout", id: payout.id },
      before: { status: payout.status, amount: payout.amount, currency: payout.currency, bankFileId: payout.bankFileId },
      after: { status: change.to, ...(change.set && "bankFileId" in change.set ? { bankFileId: change.set.bankFileId } : {}) },
      reason: change.reason ?? null,
    });
  });
}

/** Finance approves a drafted payout; one in pounds needs the merchant's bank details, or the bank file could not pay it. */
export async function approvePayout(db: Db, clock: Clock, actor: StaffActor, payoutId: number): Promise<void> {
  await movePayout(db, clock, actor, {
    payoutId,
    to: "approved",
    action: "payout.approve",
    check: async (tx, payout) => {
      if (payout.currency === "GBP" && !(await hasBankDetails(tx, payout.merchantId))) throw payoutError("NO_BANK_DETAILS");
    },
    set: { approvedByName: actor.name, approvedAt: clock.now() },
  });
}

/** The bank has paid it: a payout in pounds must have gone out in a bank file first (euro payouts are sent by hand). */
export async function markPayoutPaid(db: Db, clock: Clock, actor: StaffActor, payoutId: number): Promise<void> {
  await movePayout(db, clock, actor, {
    payoutId,
    to: "paid",
    action: "payout.paid",
    check: async (_tx, payout) => {
      if (payout.currency === "GBP" && payout.bankFileId === null) throw payoutError("NOT_IN_BANK_FILE");
    },
    set: { paidAt: clock.now() },
  });
}

const FAILURE_REASON_LIMIT = 500;

/** The bank returned it (closed account, wrong details): failed with the bank's reason, out of its bank file so a retry goes in the next one. */
export async function markPayoutFailed(db: Db, clock: Clock, actor: StaffActor, payoutId: number, reasonText: string): Promise<void> {
  const reason = reasonText.trim();
  if (!reason) throw payoutError("FAILURE_REASON_REQUIRED");
  if (reason.length > FAILURE_REASON_LIMIT) throw payoutError("FAILURE_REASON_TOO_LONG");
  await movePayout(db, clock, actor, { payoutId, to: "failed", action: "payout.failed", reason, set: { failureReason: reason, bankFileId: null } });
}

/** Finance retries a failed payout (once the merchant's details are put right): approved again, for the next bank file. */
export async function retryPayout(db: Db, clock: Clock, actor: StaffActor, payoutId: number): Promise<void> {
  await movePayout(db, clock, actor, {
    payoutId,
    to: "approved",
    action: "payout.retry",
    check: async (tx, payout) => {
      if (payout.currency === "GBP" && !(await hasBankDetails(tx, payout.merchantId))) throw payoutError("NO_BANK_DETAILS");
    },
    set: { approvedByName: actor.name, approvedAt: clock.now() },
  });
}
