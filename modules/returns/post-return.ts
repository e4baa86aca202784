import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { transition } from "../states/transition";
import { VOUCHER_PROCESS } from "../vouchers/voucher-process";
import { returnError } from "./errors";
import { lockReturn } from "./locked-return";
import { returnOrders } from "./schema";

/**
 * "I've posted it": the shopper says the parcel is on its way (Return Requested → Return in
 * Transit, with the date posted). Only the shopper knows when they post it; a merchant who
 * receives a parcel first records both moves (receive-return.ts). Saying it twice is fine.
 */
export async function postReturn(services: { db: Db; clock: Clock }, input: { customerId: number; returnId: number }): Promise<{ postedAt: Date }> {
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    const { ret, voucher } = await lockReturn(tx, input);
    if (ret.closedAt) throw returnError("RETURN_CLOSED");
    if (ret.postedAt) return { postedAt: ret.postedAt };
    await transition(tx, VOUCHER_PROCESS, {
      id: voucher.id,
      from: "RETURN_REQUESTED",
      to: "RETURN_IN_TRANSIT",
      actor: { type: "customer", id: String(input.customerId) },
      at: now,
      data: { returnId: ret.id },
    });
    await tx.update(returnOrders).set({ postedAt: now }).where(eq(returnOrders.id, ret.id));
    return { postedAt: now };
  });
}
