import { and, eq, notExists } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { recordStatusEvent } from "../states/record-event";
import type { Actor } from "../states/transition";
import { vouchers } from "./schema";
import { newVoucherCode } from "./voucher-codes";
import { VOUCHER_PROCESS } from "./voucher-process";

const taken = alias(vouchers, "taken");

/**
 * Gives a Ready to Redeem voucher a new code, inside the caller's transaction (which holds the
 * voucher's lock and checked its status): the old code is gone from the table at once, so the
 * till finds nothing for it. A code that happens to exist already is drawn again. The history
 * records a same-status event without either code (the shopper's timeline may show it).
 */
export async function reissueVoucherCode(tx: Db, reissue: { voucherId: number; actor: Actor; at: Date; reason: string }): Promise<string> {
  for (;;) {
    const code = newVoucherCode();
    const [changed] = await tx
      .update(vouchers)
      .set({ code })
      .where(and(eq(vouchers.id, reissue.voucherId), eq(vouchers.status, "READY_TO_REDEEM"), notExists(tx.select({ id: taken.id }).from(taken).where(eq(taken.code, code)))))
      .returning({ id: vouchers.id });
    if (changed) {
      await recordStatusEvent(tx, VOUCHER_PROCESS, {
        id: reissue.voucherId,
        status: "READY_TO_REDEEM",
        event: "code reissued",
        actor: reissue.actor,
        at: reissue.at,
        reason: reissue.reason,
      });
      return code;
    }
    const [still] = await tx
      .select({ id: vouchers.id })
      .from(vouchers)
      .where(and(eq(vouchers.id, reissue.voucherId), eq(vouchers.status, "READY_TO_REDEEM")));
    if (!still) throw new Error(`voucher ${reissue.voucherId} changed while its code was being reissued`);
  }
}
