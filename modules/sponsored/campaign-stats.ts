import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sponsoredCampaigns, sponsoredDailyStats } from "./schema";

export interface CampaignDayStats {
  impressions: number;
  clicks: number;
  /** Minor units. */
  spend: number;
}

/** A campaign's counted impressions, clicks and spend on one UK day (YYYY-MM-DD); zeros if none. */
export async function campaignDailyStats(db: Db, adId: string, day: string): Promise<CampaignDayStats> {
  const [row] = await db
    .select({ impressions: sponsoredDailyStats.impressions, clicks: sponsoredDailyStats.clicks, spend: sponsoredDailyStats.spend })
    .from(sponsoredDailyStats)
    .innerJoin(sponsoredCampaigns, eq(sponsoredCampaigns.id, sponsoredDailyStats.campaignId))
    .where(and(eq(sponsoredCampaigns.adId, adId), eq(sponsoredDailyStats.day, day)));
  return row ?? { impressions: 0, clicks: 0, spend: 0 };
}
