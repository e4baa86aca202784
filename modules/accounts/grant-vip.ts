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
 * The VIP one-year add-on (VVE) was bought: the customer is VIP for a year from now, or, while a
 * paid year is still running, for a year after it ends. VIP granted without an end stays without
 * one. Runs inside the order's transaction (the row is locked), so it happens if and only if the
 * order does. Returns the new end (null: VIP without an end).
 */
export async function grantVipYear(tx: Db, customerId: number, now: Date): Promise<Date | null> {
  const [row] = await tx
    .select({ vipUser: customers.vipUser, vipExpiresAt: customers.vipExpiresAt })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for("update");
  if (!row) return null;
  if (row.vipUser && row.vipExpiresAt === null) return null;
  const start = isVipActive(row, now) && row.vipExpiresAt ? row.vipExpiresAt : now;
  const vipExpiresAt = oneYearFrom(start);
  await tx.update(customers).set({ vipUser: true, vipExpiresAt, updatedAt: now }).where(eq(customers.id, customerId));
  return vipExpiresAt;
}

/**
 * Sets the VIP flag prices read (customers.vip_user / vip_expires_at) to the membership's current
 * period: the vip module owns memberships and calls this inside its transaction, so the flag and
 * the membership never disagree. `until` null with `vip` true means VIP without an end.
 */
export async function setVipPeriod(tx: Db, customerId: number, period: { vip: boolean; until: Date | null; now: Date }): Promise<void> {
  await tx.update(customers).set({ vipUser: period.vip, vipExpiresAt: period.until, updatedAt: period.now }).where(eq(customers.id, customerId));
}
