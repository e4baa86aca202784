import { and, asc, eq, gt, lte, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { expireDueOwners } from "../jobs/expire-due";
import { lockLoyaltyAccount } from "./loyalty-account";
import { loyaltyEntries } from "./schema";

export const LOYALTY_EXPIRY_JOB = "loyalty.expire-points";
/** Customers looked up per query; each one's points are then expired in a short transaction of its own. */
export const LOYALTY_EXPIRY_BATCH_SIZE = 200;

/** Earnings past their expiry with points left (the partial index loyalty_entries_unspent_idx). */
function dueEarnings(now: Date, customerId?: number): SQL | undefined {
  return and(gt(loyaltyEntries.remaining, 0), lte(loyaltyEntries.expiresAt, now), customerId === undefined ? undefined : eq(loyaltyEntries.customerId, customerId));
}

/**
 * Expires one customer's overdue points under their Club account lock: an "expiry" entry for what
 * is left of each earning (dated when it expired) and nothing left on the earning. The earn key
 * (one per earning) and the lock make a second run, or a second instance, find nothing to do.
 */
async function expireCustomer(db: Db, customerId: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await lockLoyaltyAccount(tx, customerId, now);
    const earnings = await tx.select().from(loyaltyEntries).where(dueEarnings(now, customerId)).orderBy(asc(loyaltyEntries.expiresAt), asc(loyaltyEntries.id));
    for (const earning of earnings) {
      const left = earning.remaining ?? 0;
      await tx
        .insert(loyaltyEntries)
        .values({
          customerId,
          kind: "expiry",
          points: -left,
          earnKey: `expiry:entry:${earning.id}`,
          dealId: earning.dealId,
          orderId: earning.orderId,
          voucherId: earning.voucherId,
          description: `Expired: ${earning.description}`,
          createdAt: earning.expiresAt ?? now,
        })
        .onConflictDoNothing({ target: loyaltyEntries.earnKey });
      await tx.update(loyaltyEntries).set({ remaining: 0 }).where(eq(loyaltyEntries.id, earning.id));
    }
    return earnings.length;
  });
}

/**
 * The expiry job's work (spec §9: points are valid 6 months): every earning past its expiry with
 * points left gets its expiry entry. Idempotent and safe on several instances at once. `customerId`
 * narrows it to one shopper (the development tools' time travel). Answers how many earnings expired.
 */
export async function expireLoyaltyPoints(db: Db, now: Date, options: { customerId?: number; batchSize?: number } = {}): Promise<number> {
  return expireDueOwners(db, {
    batchSize: options.batchSize ?? LOYALTY_EXPIRY_BATCH_SIZE,
    // Each customer leaves the due list once expired, so the next query finds the next ones.
    repeat: true,
    findDue: (db, limit) =>
      db.selectDistinct({ customerId: loyaltyEntries.customerId }).from(loyaltyEntries).where(dueEarnings(now, options.customerId)).orderBy(asc(loyaltyEntries.customerId)).limit(limit),
    expire: (db, { customerId }) => expireCustomer(db, customerId, now),
  });
}
