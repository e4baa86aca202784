import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { formatMoney, type Currency } from "../../lib/money";
import { addWalletCredit } from "../wallet/wallet";
import { loyaltyError, pointsOutOfRange } from "./errors";
import { EXCHANGED_CREDIT_TYPE, exchangeValue, levelStanding } from "./levels";
import { lockLoyaltyAccount, pointsBalance } from "./loyalty-account";
import { loyaltyEntries } from "./schema";

/** A client's id for one exchange (a form's hidden field, the API path): a retry with it changes nothing. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export const exchangeEarnKey = (customerId: number, requestId: string) => `exchange:${customerId}:${requestId}`;

export interface PointsExchange {
  points: number;
  /** Wallet credit added, in minor units of `currency`. */
  credit: number;
  currency: Currency;
  at: Date;
  /** False when this request id had already exchanged: the first exchange's result, nothing moved again. */
  firstTime: boolean;
}

/**
 * Exchanges Club points for wallet credit (spec §4, §5): Bronze and above only; between 1 and all
 * the shopper's current points; worth points × the level's rate, rounded to the penny.
 *
 * Guarantees, in one transaction under the Club account's row lock:
 * - race-safe: two exchanges at once are serialised, so points are never spent twice and the
 *   balance never goes below zero; the soonest-expiring points are spent first;
 * - idempotent: the client's request id is in the exchange's earn key, so a retry or double
 *   submit answers the first exchange and credits nothing more (whatever points it names);
 * - the credit lands in the wallet (marketing credit, reason "loyalty", 12 months) in the same
 *   transaction, through `addWalletCredit`.
 */
export async function exchangePoints(
  db: Db,
  request: { customerId: number; requestId: string; points: number; currency: Currency; now: Date },
): Promise<PointsExchange> {
  if (!REQUEST_ID_PATTERN.test(request.requestId)) throw loyaltyError("INVALID_REQUEST_ID");
  const earnKey = exchangeEarnKey(request.customerId, request.requestId);
  return db.transaction(async (tx) => {
    await lockLoyaltyAccount(tx, request.customerId, request.now);
    const [done] = await tx.select().from(loyaltyEntries).where(eq(loyaltyEntries.earnKey, earnKey));
    if (done) {
      return { points: -done.points, credit: done.creditAmount ?? 0, currency: (done.currency ?? request.currency) as Currency, at: done.createdAt, firstTime: false };
    }

    const balance = await pointsBalance(tx, request.customerId, request.now);
    const standing = levelStanding(balance.lifetimePoints);
    if (!standing.canExchange) throw loyaltyError("EXCHANGE_NOT_ALLOWED");
    const max = balance.currentPoints;
    if (max === 0) throw loyaltyError("NOT_ENOUGH_POINTS");
    if (!Number.isInteger(request.points) || request.points < 1 || request.points > max) throw pointsOutOfRange(max);

    const credit = exchangeValue(request.points, standing.minorPer10kPoints);
    await spendSoonestExpiringFirst(tx, request.customerId, request.points, request.now);
    await tx.insert(loyaltyEntries).values({
      customerId: request.customerId,
      kind: "exchange",
      points: -request.points,
      earnKey,
      creditAmount: credit,
      currency: request.currency,
      description: `Exchanged for ${formatMoney(credit, request.currency)} wallet credit`,
      createdAt: request.now,
    });
    await addWalletCredit(tx, {
      customerId: request.customerId,
      currency: request.currency,
      balanceType: EXCHANGED_CREDIT_TYPE,
      amount: credit,
      reason: "loyalty",
      description: `Club points exchanged (${request.points} points)`,
      at: request.now,
    });
    return { points: request.points, credit, currency: request.currency, at: request.now, firstTime: true };
  });
}

/** Takes `points` from the unexpired earnings, those expiring first first (the account is locked). */
async function spendSoonestExpiringFirst(tx: Db, customerId: number, points: number, now: Date): Promise<void> {
  const earnings = await tx
    .select({ id: loyaltyEntries.id, remaining: loyaltyEntries.remaining })
    .from(loyaltyEntries)
    .where(and(eq(loyaltyEntries.customerId, customerId), gt(loyaltyEntries.remaining, 0), gt(loyaltyEntries.expiresAt, now)))
    .orderBy(asc(loyaltyEntries.expiresAt), asc(loyaltyEntries.id));
  let left = points;
  for (const earning of earnings) {
    if (left === 0) break;
    const taken = Math.min(left, earning.remaining ?? 0);
    await tx.update(loyaltyEntries).set({ remaining: sql`${loyaltyEntries.remaining} - ${taken}` }).where(eq(loyaltyEntries.id, earning.id));
    left -= taken;
  }
  // The balance was checked under the same lock: a shortfall means a broken ledger.
  if (left > 0) throw new Error(`Club points ledger of customer ${customerId} is short by ${left}`);
}
