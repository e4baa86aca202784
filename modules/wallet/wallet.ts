import { addMonths } from "date-fns";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Currency } from "../../lib/money";
import { WalletError } from "./errors";
import type { WalletBalance } from "./plan-wallet-use";
import { type WalletBalanceType, type WalletEntryReason, walletAccounts, walletEntries } from "./schema";

/** Spec §9: wallet credit expires 12 months after it was added (docs/decisions/wallet-credit-expiry.md). */
export const WALLET_CREDIT_VALIDITY_MONTHS = 12;

/** Locks the customer's wallet in this currency until the transaction ends (creating its row the first time). */
export async function lockWallet(db: Db, customerId: number, currency: Currency, now: Date): Promise<void> {
  await db.insert(walletAccounts).values({ customerId, currency, createdAt: now }).onConflictDoNothing();
  await db
    .select()
    .from(walletAccounts)
    .where(and(eq(walletAccounts.customerId, customerId), eq(walletAccounts.currency, currency)))
    .for("update");
}

/**
 * The customer's spendable balances: the ledger's sums, less what is left of credits already past
 * their expiry (the expiry job writes their entries; until it has, they are not spendable). With
 * `lock`, the wallet is locked until the transaction ends.
 */
export async function walletBalance(db: Db, customerId: number, currency: Currency, options: { lock?: boolean; now?: Date } = {}): Promise<WalletBalance> {
  const now = options.now ?? new Date();
  if (options.lock) await lockWallet(db, customerId, currency, now);
  // Debits have neither: they count in full.
  const expired = sql`case when ${walletEntries.expiresAt} <= ${now} then coalesce(${walletEntries.remaining}, 0) else 0 end`;
  const [row] = await db
    .select({
      refundable: sql<number>`coalesce(sum(${walletEntries.amount} - ${expired}) filter (where ${walletEntries.balanceType} = 'refundable'), 0)::int`,
      marketing: sql<number>`coalesce(sum(${walletEntries.amount} - ${expired}) filter (where ${walletEntries.balanceType} = 'marketing'), 0)::int`,
    })
    .from(walletEntries)
    .where(and(eq(walletEntries.customerId, customerId), eq(walletEntries.currency, currency)));
  return { refundable: Number(row.refundable), marketing: Number(row.marketing) };
}

export interface WalletCredit {
  customerId: number;
  currency: Currency;
  balanceType: WalletBalanceType;
  amount: number;
  reason: Extract<WalletEntryReason, "credit" | "refund" | "gift_card" | "referral" | "loyalty" | "vip_refund" | "goodwill" | "adjustment">;
  description: string;
  at: Date;
  orderId?: number | null;
  voucherId?: number | null;
  giftCardId?: number | null;
}

/**
 * The one way credit enters a wallet (refunds, gift cards, referrals, goodwill): a ledger entry
 * that expires 12 months later. Pass the caller's transaction so the credit exists exactly when
 * what caused it does.
 */
export async function addWalletCredit(db: Db, credit: WalletCredit): Promise<void> {
  if (!Number.isInteger(credit.amount) || credit.amount <= 0) throw new RangeError(`credit must be a positive whole number, got ${credit.amount}`);
  const { at, ...entry } = credit;
  await db.insert(walletEntries).values({ ...entry, remaining: credit.amount, expiresAt: addMonths(at, WALLET_CREDIT_VALIDITY_MONTHS), createdAt: at });
}

/** Takes `amount` from the unexpired credits of one kind, those expiring first first (the wallet is locked). */
async function consumeCredits(tx: Db, spend: { customerId: number; currency: Currency; balanceType: WalletBalanceType; amount: number; at: Date }): Promise<void> {
  const credits = await tx
    .select({ id: walletEntries.id, remaining: walletEntries.remaining })
    .from(walletEntries)
    .where(
      and(
        eq(walletEntries.customerId, spend.customerId),
        eq(walletEntries.currency, spend.currency),
        eq(walletEntries.balanceType, spend.balanceType),
        gt(walletEntries.remaining, 0),
        gt(walletEntries.expiresAt, spend.at),
      ),
    )
    .orderBy(asc(walletEntries.expiresAt), asc(walletEntries.id));
  let left = spend.amount;
  for (const credit of credits) {
    if (left === 0) break;
    const taken = Math.min(left, credit.remaining ?? 0);
    await tx
      .update(walletEntries)
      .set({ remaining: sql`${walletEntries.remaining} - ${taken}` })
      .where(eq(walletEntries.id, credit.id));
    left -= taken;
  }
  // The balance check under the same lock makes this unreachable; a shortfall means a broken ledger.
  if (left > 0) throw new WalletError("INSUFFICIENT_CREDIT");
}

/**
 * Spends credit on an order inside its transaction: locks the wallet, checks the balances still
 * cover the amounts, takes them from the credits that expire first and writes the debits.
 */
export async function spendWalletCredit(tx: Db, spend: { customerId: number; currency: Currency; use: WalletBalance; orderId: number; at: Date }): Promise<void> {
  if (spend.use.refundable === 0 && spend.use.marketing === 0) return;
  const balance = await walletBalance(tx, spend.customerId, spend.currency, { lock: true, now: spend.at });
  if (balance.refundable < spend.use.refundable || balance.marketing < spend.use.marketing) throw new WalletError("INSUFFICIENT_CREDIT");
  for (const balanceType of ["marketing", "refundable"] as const) {
    const amount = spend.use[balanceType];
    if (amount === 0) continue;
    await consumeCredits(tx, { customerId: spend.customerId, currency: spend.currency, balanceType, amount, at: spend.at });
    await tx.insert(walletEntries).values({
      customerId: spend.customerId,
      currency: spend.currency,
      balanceType,
      amount: -amount,
      reason: "order",
      orderId: spend.orderId,
      description: `Order ${spend.orderId}`,
      createdAt: spend.at,
    });
  }
}

/**
 * Customer service takes credit away from one balance (a correction, inside the caller's
 * transaction): locks the wallet, checks the balance still covers it, takes it from the credits
 * that expire first, as spending does, and writes the negative "adjustment" entry. Answers false,
 * moving nothing, when the balance is too small: a wallet never goes below zero.
 */
export async function debitWalletAdjustment(
  tx: Db,
  debit: { customerId: number; currency: Currency; balanceType: WalletBalanceType; amount: number; description: string; at: Date },
): Promise<{ ok: true } | { ok: false; balance: number }> {
  if (!Number.isInteger(debit.amount) || debit.amount <= 0) throw new RangeError(`debit must be a positive whole number, got ${debit.amount}`);
  const balance = (await walletBalance(tx, debit.customerId, debit.currency, { lock: true, now: debit.at }))[debit.balanceType];
  if (balance < debit.amount) return { ok: false, balance };
  await consumeCredits(tx, debit);
  await tx.insert(walletEntries).values({
    customerId: debit.customerId,
    currency: debit.currency,
    balanceType: debit.balanceType,
    amount: -debit.amount,
    reason: "adjustment",
    description: debit.description,
    createdAt: debit.at,
  });
  return { ok: true };
}
