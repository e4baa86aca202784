import { addMonths } from "date-fns";
import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CountryCode } from "../../lib/brand";
import { localDate, marketTimeZone, startOfMarketDay } from "../../lib/market-time";
import { findDealTiles } from "../catalog/deal-lookup";
import { ACTIVITY_RULES, type ActivityKind, POINTS_VALIDITY_MONTHS } from "./levels";
import { lockLoyaltyAccount } from "./loyalty-account";
import { loyaltyEntries } from "./schema";

/** One shareDeal or viewDeal event (spec §7): the deal, and where it was shared to or seen from. */
export interface ActivityEvent {
  kind: ActivityKind;
  dealId: number;
  /** publisherSource (share) or locationSite (view), kept in the description when given. */
  source?: string | null;
}

export type ActivityOutcome = "earned" | "already earned" | "daily limit" | "unknown deal";

export interface ActivityResult {
  kind: ActivityKind;
  dealId: number;
  outcome: ActivityOutcome;
  points: number;
}

/** Views earn once per deal per market day; shares once per deal. */
export function activityEarnKey(customerId: number, event: { kind: ActivityKind; dealId: number }, day: string): string {
  return event.kind === "view" ? `view:${customerId}:deal:${event.dealId}:${day}` : `share:${customerId}:deal:${event.dealId}`;
}

const SOURCE_NAMES: Record<string, string> = { facebook: "Facebook", twitter: "Twitter", whatsapp: "WhatsApp", email: "email" };

function describe(event: ActivityEvent, headline: string): string {
  if (event.kind === "view") return `Viewed: ${headline}`;
  const source = event.source ? (SOURCE_NAMES[event.source.toLowerCase()] ?? null) : null;
  return source ? `Shared on ${source}: ${headline}` : `Shared: ${headline}`;
}

/**
 * Points for sharing and viewing deals of the shopper's market (spec §7 shareDeal, viewDeal),
 * bounded so they cannot be farmed (docs/decisions/club-loyalty.md): a view earns once per deal
 * per day, a share once per deal, and each kind at most its daily number of times. Under the Club
 * account's lock, so parallel requests cannot both pass a cap; the earn key makes a repeat a no-op.
 * Unknown or unpublished deals earn nothing. Answers each event's outcome.
 */
export async function earnActivityPoints(
  db: Db,
  input: { customerId: number; countryCode: CountryCode; now: Date; events: readonly ActivityEvent[] },
): Promise<ActivityResult[]> {
  if (input.events.length === 0) return [];
  const timeZone = marketTimeZone(input.countryCode);
  const day = localDate(input.now, timeZone);
  const dayStart = startOfMarketDay(input.now, timeZone);
  const deals = new Map((await findDealTiles(db, [...new Set(input.events.map((event) => event.dealId))], { countryCode: input.countryCode })).map((deal) => [deal.id, deal]));
  return db.transaction(async (tx) => {
    await lockLoyaltyAccount(tx, input.customerId, input.now);
    const results: ActivityResult[] = [];
    for (const event of input.events) {
      const result = (outcome: ActivityOutcome, points = 0) => results.push({ kind: event.kind, dealId: event.dealId, outcome, points });
      const deal = deals.get(event.dealId);
      if (!deal) {
        result("unknown deal");
        continue;
      }
      const earnKey = activityEarnKey(input.customerId, event, day);
      const [earned] = await tx.select({ id: loyaltyEntries.id }).from(loyaltyEntries).where(eq(loyaltyEntries.earnKey, earnKey));
      if (earned) {
        result("already earned");
        continue;
      }
      const [today] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(loyaltyEntries)
        .where(and(eq(loyaltyEntries.customerId, input.customerId), gte(loyaltyEntries.createdAt, dayStart), eq(loyaltyEntries.kind, event.kind)));
      const rule = ACTIVITY_RULES[event.kind];
      if (Number(today.count) >= rule.perDay) {
        result("daily limit");
        continue;
      }
      await tx.insert(loyaltyEntries).values({
        customerId: input.customerId,
        kind: event.kind,
        points: rule.points,
        remaining: rule.points,
        expiresAt: addMonths(input.now, POINTS_VALIDITY_MONTHS),
        earnKey,
        dealId: deal.id,
        description: describe(event, deal.headline),
        createdAt: input.now,
      });
      result("earned", rule.points);
    }
    return results;
  });
}
