import { count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Currency } from "../../lib/money";
import { type WalletBalanceType, type WalletEntryReason, walletEntries } from "./schema";

/** Ledger entries per page (the spec names none; My Returns' 20, docs/decisions/wallet-credit-expiry.md). */
export const WALLET_LEDGER_PAGE_SIZE = 20;

/** Where an entry came from, as the shopper reads it. */
export const WALLET_ENTRY_SOURCES: Record<WalletEntryReason, string> = {
  credit: "Credit",
  order: "Purchase",
  refund: "Refund",
  gift_card: "Gift card",
  referral: "Referral",
  loyalty: "Club points",
  vip_refund: "VIP credit",
  goodwill: "Goodwill",
  expiry: "Expiry",
  adjustment: "Adjustment",
};

export interface WalletLedgerEntry {
  id: number;
  createdAt: string;
  currency: Currency;
  balanceType: WalletBalanceType;
  /** Positive: credit arrived; negative: spent or expired. */
  amount: number;
  reason: WalletEntryReason;
  source: string;
  description: string;
  orderId: number | null;
  voucherId: number | null;
  giftCardId: number | null;
  /** Credits only: when what is left of it expires, and how much is left. */
  expiresAt: string | null;
  remaining: number | null;
  /** The shopper's own pages about where the entry came from. */
  orderPath: string | null;
  voucherPath: string | null;
}

/** A customer's wallet ledger, every currency, newest first, a page (1-based) at a time. */
export async function walletLedger(db: Db, customerId: number, page: number) {
  const current = Math.max(1, page);
  const where = eq(walletEntries.customerId, customerId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(walletEntries)
      .where(where)
      .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id))
      .limit(WALLET_LEDGER_PAGE_SIZE)
      .offset((current - 1) * WALLET_LEDGER_PAGE_SIZE),
    db.select({ total: count() }).from(walletEntries).where(where),
  ]);
  const entries: WalletLedgerEntry[] = rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    currency: row.currency,
    balanceType: row.balanceType,
    amount: row.amount,
    reason: row.reason,
    source: WALLET_ENTRY_SOURCES[row.reason] ?? row.reason,
    description: row.description,
    orderId: row.orderId,
    voucherId: row.voucherId,
    giftCardId: row.giftCardId,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    remaining: row.remaining,
    orderPath: row.orderId === null ? null : `/order-confirmation/${row.orderId}`,
    voucherPath: row.voucherId === null ? null : `/myaccount/vouchers/${row.voucherId}`,
  }));
  return { entries, page: current, pageCount: Math.max(1, Math.ceil(Number(total) / WALLET_LEDGER_PAGE_SIZE)), total: Number(total) };
}
