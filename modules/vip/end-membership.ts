import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { setVipPeriod } from "../accounts/grant-vip";
import type { Actor } from "../states/transition";
import { transition } from "../states/transition";
import { vipMemberships } from "./schema";
import { VIP_PROCESS } from "./vip-process";

/**
 * Ends a membership now (its period ran out unrenewed, or a former VIP's refund was processed):
 * ACTIVE or RENEW → ELIGIBLE with a history row, renewal off, and the customer's VIP flag cleared
 * in the same transaction. A membership already ELIGIBLE is left alone (idempotent).
 */
export async function endVipMembership(db: Db, ending: { customerId: number; actor: Actor; at: Date; reason: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [membership] = await tx.select().from(vipMemberships).where(eq(vipMemberships.customerId, ending.customerId)).for("update");
    if (!membership || (membership.status !== "ACTIVE" && membership.status !== "RENEW")) return false;
    await transition(tx, VIP_PROCESS, {
      id: membership.id,
      from: membership.status,
      to: "ELIGIBLE",
      actor: ending.actor,
      at: ending.at,
      reason: ending.reason,
      set: { autoRenew: false, trial: false, updatedAt: ending.at },
    });
    await setVipPeriod(tx, ending.customerId, { vip: false, until: null, now: ending.at });
    return true;
  });
}
