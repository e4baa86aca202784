import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/query-rows";
import { localDate, marketTimeZone } from "../../lib/market-time";

export interface SponsoredCandidate {
  campaignId: number;
  adId: string;
  dealId: number;
  bid: number;
}

/**
 * Campaigns that may be shown for a search right now, highest bid first: switched on, inside
 * their running window, with budget left today, and targeting one of the search's words or
 * categories. The caller decides which of their deals fit the search's filters.
 */
export async function findSponsoredCandidates(
  db: Db,
  query: { keywords: readonly string[]; categoryIds: readonly number[]; now: Date; limit: number },
): Promise<SponsoredCandidate[]> {
  if (query.keywords.length === 0 && query.categoryIds.length === 0) return [];
  const result = await queryRows<{ campaign_id: number; ad_id: string; deal_id: number; bid: number }>(db, sql`
    select c.id as campaign_id, c.ad_id, c.deal_id, c.bid
    from sponsored_campaigns c
    left join sponsored_daily_stats s on s.campaign_id = c.id and s.day = ${localDate(query.now, marketTimeZone("GB"))}::date
    where c.active
      and c.starts_at <= ${query.now.toISOString()}::timestamptz
      and (c.ends_at is null or c.ends_at > ${query.now.toISOString()}::timestamptz)
      and coalesce(s.spend, 0) < c.daily_budget
      and (c.keywords && ${sql.param([...query.keywords])}::text[] or c.category_ids && ${sql.param([...query.categoryIds])}::int[])
    order by c.bid desc, c.id
    limit ${query.limit}`);
  return result.map((row) => ({ campaignId: row.campaign_id, adId: row.ad_id, dealId: row.deal_id, bid: row.bid }));
}
