import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Currency } from "../../lib/money";
import { WalletError } from "./errors";
import type { WalletBalance } from "./plan-wallet-use";
import { type WalletBalanceType, type WalletEntryReason, walletAccounts, walletEntries } from "./schema";

/** The customer's balances: sums of the ledger. With `lock`, the wallet is locked until the transaction ends. */
export async function walletBalance(db: Db, customerId: number, currency: Currency, options: { lock?: boolean; now?: Date } = {}): Promise<WalletBalance> {
  if (options.lock) {
    await db
      .insert(walletAccounts)
      .values({ customerId, currency, createdAt: options.now ?? new Date() })
      .onConflictDoNothing();
    await db
      .select()
      .from(walletAccounts)
      .where(and(eq(walletAccounts.customerId, customerId), eq(walletAccounts.currency, currency)))
      .for("update");
  }
  const [row] = await db
    .select({
      refundable: sql<number>`coalesce(sum(${walletEntries.amount}) filter (where ${walletEntries.balanceType} = 'refundable'), 0)::int`,
      marketing: sql<number>`coalesce(sum(${walletEntries.amount}) filter (where ${walletEntries.balanceType} = 'marketing'), 0)::int`,
    })
    .from(walletEntries)
    .where(and(eq(walletEntries.customerId, customerId), eq(walletEntries.currency, currency)));
  return { refundable: Number(row.refundable), marketing: Number(row.marketing) };
}

/** Adds credit to the ledger (gift cards, refunds, referrals and goodwill all arrive this way). */
export async function addWalletCredit(
  db: Db,
  credit: { customerId: number; currency: Currency; balanceType: WalletBalanceType; amount: number; reason: WalletEntryReason; description: string; at: Date },
): Promise<void> {
  if (!Number.isInteger(credit.amount) || credit.amount <= 0) throw new RangeError(`credit must be a positive whole number, got ${credit.amount}`);
  await db.insert(walletEntries).values({ ...credit, createdAt: credit.at });
}

/**
 * Spends credit on an order inside its transaction: locks the wallet, checks the balances still
 * cover the amounts, and writes the debits.
 */
export async function spendWalletCredit(tx: Db, spend: { customerId: number; currency: Currency; use: WalletBalance; orderId: number; at: Date }): Promise<void> {
  if (spend.use.refundable === 0 && spend.use.marketing === 0) return;
  const balance = await walletBalance(tx, spend.customerId, spend.currency, { lock: true, now: spend.at });
  if (balance.refundable < spend.use.refundable || balance.marketing < spend.use.marketing) throw new WalletError("INSUFFICIENT_CREDIT");
  for (const balanceType of ["marketing", "refundable"] as const) {
    const amount = spend.use[balanceType];
    if (amount === 0) continue;
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
