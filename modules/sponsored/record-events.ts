import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { localDate, marketTimeZone } from "../../lib/market-time";
import { SponsoredError } from "./errors";
import { type SponsoredEventType, sponsoredCampaigns, sponsoredDailyStats, sponsoredEvents, sponsoredSessions } from "./schema";

export interface SponsoredEventsInput {
  /** Pairs: adIds[i] was shown (or clicked) with dealIds[i]. */
  adIds: readonly string[];
  dealIds: readonly number[];
  sessionId: string;
  type: SponsoredEventType;
}

/**
 * Records impressions or clicks of sponsored placements. Each counts once per session and
 * campaign (repeats are ignored); a counted click charges the campaign its bid, never past the
 * day's budget, after which the campaign stops being shown until the next UK day. Every pair is
 * checked before anything is written. Returns how many events were new.
 */
export async function recordSponsoredEvents(db: Db, clock: Clock, input: SponsoredEventsInput): Promise<{ recorded: number }> {
  const now = clock.now();
  const [session] = await db.select({ id: sponsoredSessions.id }).from(sponsoredSessions).where(eq(sponsoredSessions.id, input.sessionId));
  if (!session) throw new SponsoredError("SEARCH_SESSION_NOT_FOUND");
  const campaigns = await db
    .select({
      id: sponsoredCampaigns.id,
      adId: sponsoredCampaigns.adId,
      dealId: sponsoredCampaigns.dealId,
      bid: sponsoredCampaigns.bid,
      dailyBudget: sponsoredCampaigns.dailyBudget,
    })
    .from(sponsoredCampaigns)
    .where(inArray(sponsoredCampaigns.adId, [...input.adIds]));
  const shown = input.adIds.map((adId, i) => {
    const campaign = campaigns.find((c) => c.adId === adId && c.dealId === input.dealIds[i]);
    if (!campaign) throw new SponsoredError("SPONSORED_ENTRY_NOT_FOUND", String(input.dealIds[i]));
    return campaign;
  });

  return db.transaction(async (tx) => {
    let recorded = 0;
    for (const campaign of new Set(shown)) {
      const inserted = await tx
        .insert(sponsoredEvents)
        .values({ sessionId: session.id, campaignId: campaign.id, type: input.type, cost: 0, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: sponsoredEvents.id });
      if (inserted.length === 0) continue;
      recorded += 1;
      if (input.type === "impression") {
        await tx
          .insert(sponsoredDailyStats)
          .values({ campaignId: campaign.id, day: localDate(now, marketTimeZone("GB")), impressions: 1 })
          .onConflictDoUpdate({
            target: [sponsoredDailyStats.campaignId, sponsoredDailyStats.day],
            set: { impressions: sql`${sponsoredDailyStats.impressions} + 1` },
          });
      } else {
        await chargeClick(tx, campaign, inserted[0].id, localDate(now, marketTimeZone("GB")));
      }
    }
    return { recorded };
  });
}

/** Counts the click and charges its bid, capped at what is left of the day's budget. */
async function chargeClick(tx: Db, campaign: { id: number; bid: number; dailyBudget: number }, eventId: number, day: string): Promise<void> {
  await tx.insert(sponsoredDailyStats).values({ campaignId: campaign.id, day }).onConflictDoNothing();
  // The row lock makes concurrent clicks queue, so two of them cannot both spend the last of the budget.
  const [stats] = await tx
    .select({ spend: sponsoredDailyStats.spend })
    .from(sponsoredDailyStats)
    .where(and(eq(sponsoredDailyStats.campaignId, campaign.id), eq(sponsoredDailyStats.day, day)))
    .for("update");
  const cost = Math.max(0, Math.min(campaign.bid, campaign.dailyBudget - stats.spend));
  await tx
    .update(sponsoredDailyStats)
    .set({ clicks: sql`${sponsoredDailyStats.clicks} + 1`, spend: sql`${sponsoredDailyStats.spend} + ${cost}` })
    .where(and(eq(sponsoredDailyStats.campaignId, campaign.id), eq(sponsoredDailyStats.day, day)));
  await tx.update(sponsoredEvents).set({ cost }).where(eq(sponsoredEvents.id, eventId));
}
