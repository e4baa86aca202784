import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { customers } from "./schema";

/** Whether a customer row is VIP now: flagged, and the paid year (if it has an end) not over. */
export function isVipActive(row: { vipUser: boolean; vipExpiresAt: Date | null }, now: Date): boolean {
  return row.vipUser && (row.vipExpiresAt === null || row.vipExpiresAt.getTime() > now.getTime());
}

/** One year on from `from`, on the same calendar day (29 February becomes 1 March). */
export function oneYearFrom(from: Date): Date {
  const end = new Date(from.getTime());
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}

/**
 * Sets the VIP flag prices read (customers.vip_user / vip_expires_at) to the membership's current
 * period: the vip module owns memberships and calls this inside its transaction, so the flag and
 * the membership never disagree. `until` null with `vip` true means VIP without an end.
 */
export async function setVipPeriod(tx: Db, customerId: number, period: { vip: boolean; until: Date | null; now: Date }): Promise<void> {
  await tx.update(customers).set({ vipUser: period.vip, vipExpiresAt: period.until, updatedAt: period.now }).where(eq(customers.id, customerId));
}
