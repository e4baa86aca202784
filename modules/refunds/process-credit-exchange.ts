import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { type Actor, transition } from "../states/transition";
import { VOUCHER_PROCESS } from "../vouchers/voucher-process";
import { giveBackMoney } from "./give-back-money";
import { lockVoucher } from "./voucher-facts";

const CREDIT_DESK: Actor = { type: "system", id: "credit-exchange" };

/**
 * The credit exchange job's work: a Credit Requested voucher becomes wallet credit worth all it
 * cost (the card part as refundable credit, marketing credit as marketing credit) and moves to
 * Request Processed, in one transaction. Running it again finds the voucher processed and does
 * nothing. Returns whether it gave credit.
 */
export async function processCreditExchange(db: Db, clock: Clock, exchange: { voucherId: number; returnUnit: boolean; origin: string }): Promise<boolean> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const voucher = await lockVoucher(tx, exchange.voucherId);
    if (!voucher || voucher.status !== "CREDIT_REQUESTED") return false;
    await transition(tx, VOUCHER_PROCESS, { id: voucher.id, from: "CREDIT_REQUESTED", to: "REQUEST_PROCESSED", actor: CREDIT_DESK, at: now });
    await giveBackMoney(tx, { voucher, kind: "credit", destination: "wallet", returnUnit: exchange.returnUnit, actor: CREDIT_DESK, at: now, clock, origin: exchange.origin });
    return true;
  });
}
