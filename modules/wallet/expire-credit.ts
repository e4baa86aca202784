import { and, asc, eq, gt, lte, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Currency } from "../../lib/money";
import { expireDueOwners } from "../jobs/expire-due";
import { walletEntries } from "./schema";
import { lockWallet } from "./wallet";

export const WALLET_EXPIRY_JOB = "wallet.expire-credit";
/** Wallets looked up per query; each wallet is then expired in a short transaction of its own. */
export const WALLET_EXPIRY_BATCH_SIZE = 200;

/** Which credits are past their expiry with something left (the partial index wallet_entries_unspent_idx). */
function dueCredits(now: Date, customerId?: number): SQL | undefined {
  return and(gt(walletEntries.remaining, 0), lte(walletEntries.expiresAt, now), customerId === undefined ? undefined : eq(walletEntries.customerId, customerId));
}

/**
 * Expires one wallet's overdue credits under the wallet lock: an "expiry" debit for what is left of
 * each (dated when it expired, linked to what the credit came from) and nothing left on the credit.
 * A second instance waiting on the lock then finds nothing left to expire.
 */
async function expireWallet(db: Db, wallet: { customerId: number; currency: Currency }, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await lockWallet(tx, wallet.customerId, wallet.currency, now);
    const credits = await tx
      .select()
      .from(walletEntries)
      .where(and(dueCredits(now, wallet.customerId), eq(walletEntries.currency, wallet.currency)))
      .orderBy(asc(walletEntries.expiresAt), asc(walletEntries.id));
    for (const credit of credits) {
      const left = credit.remaining ?? 0;
      await tx.insert(walletEntries).values({
        customerId: credit.customerId,
        currency: credit.currency,
        balanceType: credit.balanceType,
        amount: -left,
        reason: "expiry",
        orderId: credit.orderId,
        voucherId: credit.voucherId,
        giftCardId: credit.giftCardId,
        description: `Expired: ${credit.description}`,
        createdAt: credit.expiresAt ?? now,
      });
      await tx.update(walletEntries).set({ remaining: 0 }).where(eq(walletEntries.id, credit.id));
    }
    return credits.length;
  });
}

/**
 * The wallet expiry job's work (spec §9: credit expires 12 months after it arrived): every credit
 * past its expiry with something left gets its expiry entry. Idempotent, and safe on several
 * instances at once (each wallet is expired under its lock, which checkout's spending takes too).
 * `customerId` narrows it to one shopper (the development tools' time travel). Answers how many
 * credits expired.
 */
export async function expireWalletCredit(db: Db, now: Date, options: { customerId?: number; batchSize?: number } = {}): Promise<number> {
  return expireDueOwners(db, {
    batchSize: options.batchSize ?? WALLET_EXPIRY_BATCH_SIZE,
    // Each wallet leaves the due list once expired, so the next query finds the next ones.
    repeat: true,
    findDue: (db, limit) =>
      db
        .selectDistinct({ customerId: walletEntries.customerId, currency: walletEntries.currency })
        .from(walletEntries)
        .where(dueCredits(now, options.customerId))
        .orderBy(asc(walletEntries.customerId), asc(walletEntries.currency))
        .limit(limit),
    expire: (db, wallet) => expireWallet(db, wallet, now),
  });
}
