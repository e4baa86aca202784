import { and, desc, eq, gte, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import { memo } from "../../lib/memo";
import { countdownBanners, seasonalThemes } from "./schema";

/** Theme and countdown windows are read once a minute at most (keyed by the minute asked about). */
const WINDOW_TTL_MS = 60_000;
const minuteOf = (now: Date) => Math.floor(now.getTime() / 60_000);

/** The seasonal theme whose window contains `now` (highest priority first), or null. */
export function activeSeasonalTheme(db: Db, brand: BrandId, now: Date): Promise<string | null> {
  return memo(db, `theme:${brand}:${minuteOf(now)}`, WINDOW_TTL_MS, () => readSeasonalTheme(db, brand, now));
}

/** Unmemoised: also the back office's preview of the theme at a chosen moment. */
export async function readSeasonalTheme(db: Db, brand: BrandId, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ name: seasonalThemes.name })
    .from(seasonalThemes)
    .where(and(lte(seasonalThemes.startsAt, now), gte(seasonalThemes.endsAt, now), or(isNull(seasonalThemes.brand), eq(seasonalThemes.brand, brand))))
    .orderBy(desc(seasonalThemes.priority), desc(seasonalThemes.startsAt))
    .limit(1);
  return row?.name ?? null;
}

export interface Countdown {
  label: string;
  link: string | null;
  endsAt: string;
}

/** The brand's running countdown banner, or null. */
export function activeCountdown(db: Db, brand: BrandId, now: Date): Promise<Countdown | null> {
  return memo(db, `countdown:${brand}:${minuteOf(now)}`, WINDOW_TTL_MS, () => readCountdown(db, brand, now));
}

export async function readCountdown(db: Db, brand: BrandId, now: Date): Promise<Countdown | null> {
  const [row] = await db
    .select({ label: countdownBanners.label, link: countdownBanners.link, endsAt: countdownBanners.endsAt })
    .from(countdownBanners)
    .where(and(eq(countdownBanners.brand, brand), lte(countdownBanners.startsAt, now), gte(countdownBanners.endsAt, now)))
    .orderBy(countdownBanners.endsAt)
    .limit(1);
  return row ? { label: row.label, link: row.link, endsAt: row.endsAt.toISOString() } : null;
}
