import { and, asc, count, desc, eq, gt, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CountryCode } from "../../lib/brand";
import type { Currency } from "../../lib/money";
import { marketTimeZone, startOfMarketDay } from "../../lib/market-time";
import { ACTIVITY_POINTS_PER_DAY, type LevelStanding, levelStanding } from "./levels";
import { type PointsBalance, pointsBalance } from "./loyalty-account";
import { type LoyaltyEntryKind, loyaltyEntries } from "./schema";

/** Activity rows per page of the Club page. */
export const LOYALTY_ACTIVITY_PAGE_SIZE = 20;

/** What each kind of entry is, as the shopper reads it. */
export const LOYALTY_ENTRY_KINDS: Record<LoyaltyEntryKind, string> = {
  purchase: "Purchase",
  share: "Shared a deal",
  view: "Viewed a deal",
  exchange: "Exchanged for wallet credit",
  expiry: "Expired",
};

export interface LoyaltyActivity {
  id: number;
  kind: LoyaltyEntryKind;
  kindLabel: string;
  description: string;
  /** Positive: earned; negative: exchanged or expired. */
  points: number;
  createdAt: string;
  /** Earnings only: when what is left of them expires, and how many are left. */
  expiresAt: string | null;
  remaining: number | null;
  /** Exchanges: the wallet credit they bought. */
  creditAmount: number | null;
  currency: Currency | null;
  voucherId: number | null;
}

export interface LoyaltySummary extends LevelStanding, PointsBalance {
  /** The most points that can be exchanged now: all current points from Bronze up, else 0. */
  maxExchangeablePoints: number;
  /** Points earned today by sharing and viewing deals, and the most the day allows. */
  activityPointsToday: number;
  activityPointsPerDay: number;
  /** The soonest expiry of unspent points, and how many points expire then. */
  expiresNext: { points: number; at: string } | null;
  activity: { entries: LoyaltyActivity[]; page: number; pageCount: number; total: number };
}

/**
 * The shopper's Club standing (spec §3 Loyalty): level by lifetime points, current points, what is
 * exchangeable, the day's activity points and their ledger, newest first, a page (1-based) at a time.
 * Every query walks the customer's ledger index.
 */
export async function loyaltySummary(db: Db, customerId: number, options: { now: Date; countryCode: CountryCode; page?: number }): Promise<LoyaltySummary> {
  const page = Math.max(1, options.page ?? 1);
  const mine = eq(loyaltyEntries.customerId, customerId);
  const dayStart = startOfMarketDay(options.now, marketTimeZone(options.countryCode));
  const [balance, rows, [{ total }], [today], [next]] = await Promise.all([
    pointsBalance(db, customerId, options.now),
    db
      .select()
      .from(loyaltyEntries)
      .where(mine)
      .orderBy(desc(loyaltyEntries.createdAt), desc(loyaltyEntries.id))
      .limit(LOYALTY_ACTIVITY_PAGE_SIZE)
      .offset((page - 1) * LOYALTY_ACTIVITY_PAGE_SIZE),
    db.select({ total: count() }).from(loyaltyEntries).where(mine),
    db
      .select({ points: sql<number>`coalesce(sum(${loyaltyEntries.points}), 0)::int` })
      .from(loyaltyEntries)
      .where(and(mine, gte(loyaltyEntries.createdAt, dayStart), inArray(loyaltyEntries.kind, ["share", "view"]))),
    db
      .select({ at: loyaltyEntries.expiresAt, points: sql<number>`sum(${loyaltyEntries.remaining})::int` })
      .from(loyaltyEntries)
      .where(and(mine, gt(loyaltyEntries.remaining, 0), gt(loyaltyEntries.expiresAt, options.now)))
      .groupBy(loyaltyEntries.expiresAt)
      .orderBy(asc(loyaltyEntries.expiresAt))
      .limit(1),
  ]);
  const standing = levelStanding(balance.lifetimePoints);
  const entries: LoyaltyActivity[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    kindLabel: LOYALTY_ENTRY_KINDS[row.kind] ?? row.kind,
    description: row.description,
    points: row.points,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    remaining: row.remaining,
    creditAmount: row.creditAmount,
    currency: (row.currency as Currency | null) ?? null,
    voucherId: row.voucherId,
  }));
  return {
    ...standing,
    ...balance,
    maxExchangeablePoints: standing.canExchange ? balance.currentPoints : 0,
    activityPointsToday: Number(today?.points ?? 0),
    activityPointsPerDay: ACTIVITY_POINTS_PER_DAY,
    expiresNext: next?.at ? { points: Number(next.points), at: next.at.toISOString() } : null,
    activity: { entries, page, pageCount: Math.max(1, Math.ceil(Number(total) / LOYALTY_ACTIVITY_PAGE_SIZE)), total: Number(total) },
  };
}
