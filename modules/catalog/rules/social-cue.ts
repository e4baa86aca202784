/** Units of a deal bought in the last 6, 12 and 24 hours. */
export interface RecentSales {
  lastSixHours: number;
  lastTwelveHours: number;
  lastTwentyFourHours: number;
}

export interface SocialCue {
  count: number;
  hours: 6 | 12 | 24;
  message: string;
}

/**
 * Spec discovery §4: before 06:00 the 24-hour count, 06-12 the six-hour count, 12-18 the
 * twelve-hour count, otherwise the 24-hour count; shown only when the count exceeds 1.
 * `localHour` is the hour of day in the market's time zone.
 */
export function socialCue(sales: RecentSales, localHour: number): SocialCue | null {
  const [count, hours] =
    localHour < 6
      ? [sales.lastTwentyFourHours, 24 as const]
      : localHour < 12
        ? [sales.lastSixHours, 6 as const]
        : localHour < 18
          ? [sales.lastTwelveHours, 12 as const]
          : [sales.lastTwentyFourHours, 24 as const];
  if (count <= 1) return null;
  return { count, hours, message: `${count.toLocaleString("en-GB")} bought in the last ${hours} hours` };
}
