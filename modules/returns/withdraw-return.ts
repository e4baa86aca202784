import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { transition } from "../states/transition";
import { VOUCHER_PROCESS } from "../vouchers/voucher-process";
import { returnError } from "./errors";
import { lockReturn } from "./locked-return";
import { returnOrders } from "./schema";

/**
 * The shopper keeps the item after all: before posting it, a requested return is withdrawn (the
 * voucher back to Redeemed, the return closed). The return window still applies to a new return.
 * Withdrawing twice is fine; once posted it is refused.
 */
export async function withdrawReturn(services: { db: Db; clock: Clock }, input: { customerId: number; returnId: number }): Promise<void> {
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const { ret, voucher } = await lockReturn(tx, input);
    if (ret.closedAt) {
      if (voucher.status === "REFUNDED") throw returnError("RETURN_CLOSED");
      return;
    }
    if (ret.postedAt || voucher.status !== "RETURN_REQUESTED") throw returnError("RETURN_ALREADY_POSTED");
    await transition(tx, VOUCHER_PROCESS, {
      id: voucher.id,
      from: "RETURN_REQUESTED",
      to: "REDEEMED",
      actor: { type: "customer", id: String(input.customerId) },
      at: now,
      reason: "return withdrawn",
      data: { returnId: ret.id },
    });
    await tx.update(returnOrders).set({ closedAt: now }).where(eq(returnOrders.id, ret.id));
  });
}
