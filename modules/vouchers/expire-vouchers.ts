import { and, asc, eq, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type Actor, transition } from "../states/transition";
import { vouchers } from "./schema";
import { VOUCHER_PROCESS } from "./voucher-process";

/** Vouchers expired per transaction: short row locks, and a crash loses at most one batch's work. */
export const EXPIRY_BATCH_SIZE = 200;

export const EXPIRY_ACTOR: Actor = { type: "system", id: "voucher-expiry" };

/**
 * Moves every Ready to Redeem voucher whose expiry has passed to Expired, through the voucher
 * process (a history row each), a batch per transaction. Walks the partial index
 * vouchers_expiry_idx. Safe to run on several instances at once: each batch locks its rows and
 * skips rows another instance holds; a voucher redeemed or refunded meanwhile is no longer Ready
 * to Redeem and is left alone. Running it again changes nothing. Answers how many expired.
 */
export async function expireVouchers(db: Db, now: Date, batchSize = EXPIRY_BATCH_SIZE): Promise<number> {
  let expired = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: vouchers.id })
        .from(vouchers)
        .where(and(eq(vouchers.status, "READY_TO_REDEEM"), lte(vouchers.expiresAt, now)))
        .orderBy(asc(vouchers.expiresAt))
        .limit(batchSize)
        .for("update", { skipLocked: true });
      for (const { id } of due) {
        await transition(tx, VOUCHER_PROCESS, { id, from: "READY_TO_REDEEM", to: "EXPIRED", actor: EXPIRY_ACTOR, at: now, reason: "expiry date passed" });
      }
      return due.length;
    });
    expired += batch;
    if (batch < batchSize) return expired;
  }
}
