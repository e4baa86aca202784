import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { loyaltyAccounts, loyaltyEntries } from "./schema";

/**
 * Locks the customer's Club account until the transaction ends (creating its row the first time).
 * Exchanges, expiries and activity earnings take it, so two of them never spend the same points or
 * both pass a daily cap.
 */
export async function lockLoyaltyAccount(db: Db, customerId: number, now: Date): Promise<void> {
  await db.insert(loyaltyAccounts).values({ customerId, createdAt: now }).onConflictDoNothing();
  await db.select({ customerId: loyaltyAccounts.customerId }).from(loyaltyAccounts).where(eq(loyaltyAccounts.customerId, customerId)).for("update");
}

export interface PointsBalance {
  /** Unspent points of earnings not yet past their expiry (the expiry job may not have run yet). */
  currentPoints: number;
  /** Every point ever earned (the Club level); spending and expiry never lower it. */
  lifetimePoints: number;
}

/** The customer's points, in one pass over their ledger (loyalty_entries_customer_idx). */
export async function pointsBalance(db: Db, customerId: number, now: Date): Promise<PointsBalance> {
  const [row] = await db
    .select({
      currentPoints: sql<number>`coalesce(sum(${loyaltyEntries.remaining}) filter (where ${loyaltyEntries.remaining} > 0 and ${loyaltyEntries.expiresAt} > ${now}), 0)::int`,
      lifetimePoints: sql<number>`coalesce(sum(${loyaltyEntries.points}) filter (where ${loyaltyEntries.points} > 0), 0)::int`,
    })
    .from(loyaltyEntries)
    .where(eq(loyaltyEntries.customerId, customerId));
  return { currentPoints: Number(row?.currentPoints ?? 0), lifetimePoints: Number(row?.lifetimePoints ?? 0) };
}
