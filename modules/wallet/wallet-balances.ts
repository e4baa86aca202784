import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { endOfMarketDaysAfter, marketTimeZone } from "../../lib/market-time";
import type { Currency } from "../../lib/money";
import { walletEntries } from "./schema";
import { walletBalance } from "./wallet";

export interface CurrencyWallet {
  currency: Currency;
  refundable: number;
  marketing: number;
  /** The next day some credit expires (ISO instant of the first such credit) and how much expires that day. */
  expiresNext: { at: string; amount: number } | null;
}

/** A currency's credit is dated in its market's zone: pounds in London, euro in Dublin. */
const zoneOf = (currency: Currency) => marketTimeZone(currency === "EUR" ? "IE" : "GB");

async function expiresNext(db: Db, customerId: number, currency: Currency, now: Date): Promise<CurrencyWallet["expiresNext"]> {
  const unspent = (before?: Date) =>
    and(
      eq(walletEntries.customerId, customerId),
      eq(walletEntries.currency, currency),
      gt(walletEntries.remaining, 0),
      gt(walletEntries.expiresAt, now),
      before ? lt(walletEntries.expiresAt, before) : undefined,
    );
  const [first] = await db.select({ expiresAt: walletEntries.expiresAt }).from(walletEntries).where(unspent()).orderBy(asc(walletEntries.expiresAt)).limit(1);
  if (!first?.expiresAt) return null;
  // Every credit that expires on that same day counts: the shopper plans by the day, not the minute.
  const [day] = await db
    .select({ amount: sql<number>`coalesce(sum(${walletEntries.remaining}), 0)::int` })
    .from(walletEntries)
    .where(unspent(endOfMarketDaysAfter(first.expiresAt, 0, zoneOf(currency))));
  return { at: first.expiresAt.toISOString(), amount: Number(day.amount) };
}

/**
 * The shopper's wallet per currency (spec §3: currency, refundable and marketing balance), the
 * brand's own currency first and always present, then any other currency they hold credit in,
 * each with what expires next.
 */
export async function walletBalances(db: Db, customerId: number, options: { now: Date; brandCurrency: Currency }): Promise<CurrencyWallet[]> {
  const held = await db.selectDistinct({ currency: walletEntries.currency }).from(walletEntries).where(eq(walletEntries.customerId, customerId));
  const currencies = [options.brandCurrency, ...held.map((row) => row.currency).filter((currency) => currency !== options.brandCurrency).sort()];
  return Promise.all(
    currencies.map(async (currency) => {
      const balance = await walletBalance(db, customerId, currency, { now: options.now });
      return { currency, ...balance, expiresNext: await expiresNext(db, customerId, currency, options.now) };
    }),
  );
}
