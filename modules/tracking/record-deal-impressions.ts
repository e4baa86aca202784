import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CountryCode } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { localDate, marketTimeZone } from "../../lib/market-time";
import { findExistingDealIds } from "../catalog/deal-lookup";
import { findLocation } from "../catalog/locations";
import { TrackingError } from "./errors";

/** Listing segments of deals sold everywhere in a market (spec: national is 'shop', travel 'travel'/'escapes'). */
const MARKET_WIDE_SEGMENTS = new Set(["shop", "national-deal", "travel", "escapes"]);

/**
 * Adds one impression per deal id to today's count (UK day) for each deal whose tile a shopper saw
 * on a page of `location`. The location must be one of the market's, or a market-wide listing;
 * unknown deal ids are ignored (a tile may outlive its deal). Returns how many deals were counted.
 */
export async function recordDealImpressions(
  db: Db,
  clock: Clock,
  input: { countryCode: CountryCode; location: string | undefined; dealIds: readonly number[] },
): Promise<{ recorded: number }> {
  const location = input.location?.trim().toLowerCase() ?? "";
  const known = MARKET_WIDE_SEGMENTS.has(location) || (location !== "" && (await findLocation(db, input.countryCode, location)) !== null);
  if (!known) throw new TrackingError("IMPRESSION_LOCATION_MISSING");

  const seen = new Map<number, number>();
  for (const id of input.dealIds) seen.set(id, (seen.get(id) ?? 0) + 1);
  const existing = await findExistingDealIds(db, [...seen.keys()]);
  if (existing.length === 0) return { recorded: 0 };

  await db.execute(sql`
    insert into deal_impressions (deal_id, day, impressions)
    select deal_id, ${localDate(clock.now(), marketTimeZone("GB"))}::date, seen
    from unnest(${sql.param(existing)}::int[], ${sql.param(existing.map((id) => seen.get(id)))}::int[]) as t(deal_id, seen)
    order by deal_id
    on conflict (deal_id, day) do update set impressions = deal_impressions.impressions + excluded.impressions`);
  return { recorded: existing.length };
}
