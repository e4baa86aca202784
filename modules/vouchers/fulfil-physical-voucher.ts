import type { Db } from "../../db/client";
import { type Actor, transition } from "../states/transition";
import { VOUCHER_PROCESS } from "./voucher-process";

/**
 * Goods delivered are the voucher fulfilled: Ready to Redeem → Redeemed, with the delivery as its
 * redemption time (the 14-day return window counts from it). Called by the delivery module inside
 * its transaction; the status guard makes a lost race (a refund first) fail, not double up.
 */
export async function fulfilPhysicalVoucher(tx: Db, change: { voucherId: number; at: Date; actor: Actor; merchantUserId: number | null }): Promise<void> {
  await transition(tx, VOUCHER_PROCESS, {
    id: change.voucherId,
    from: "READY_TO_REDEEM",
    to: "REDEEMED",
    actor: change.actor,
    at: change.at,
    reason: "goods delivered",
    set: { redeemedAt: change.at, redeemedBy: change.merchantUserId },
  });
}
