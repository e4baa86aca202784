import type { Db } from "../../db/client";
import { expireDueStatus } from "../jobs/expire-due";
import type { Actor } from "../states/transition";
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
  return expireDueStatus(db, {
    process: VOUCHER_PROCESS,
    expiresAt: vouchers.expiresAt,
    from: "READY_TO_REDEEM",
    to: "EXPIRED",
    now,
    actor: EXPIRY_ACTOR,
    reason: "expiry date passed",
    batchSize,
  });
}
