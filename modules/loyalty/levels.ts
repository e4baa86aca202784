/**
 * The Club's rules as numbers (docs/decisions/club-loyalty.md): levels by lifetime points, what a
 * purchase earns, what a point is worth when exchanged for wallet credit at each level, and the
 * shopper-facing texts of the exchange (spec transactions.md §5). Pure: no database, no clock.
 */

/** Spec §3: Pink (default), Bronze, Silver, Gold, Platinum. */
export type ClubLevel = "Pink" | "Bronze" | "Silver" | "Gold" | "Platinum";

export interface LevelRule {
  level: ClubLevel;
  /** Lifetime points from which a shopper is at this level. */
  from: number;
  /**
   * What 10,000 points are worth at this level, in minor units (10,000 = 1p a point, i.e. £0.01):
   * an integer, so the value of any number of points is exact before it is rounded to the penny.
   * 0 at Pink: only Bronze and above can exchange (spec §4).
   */
  minorPer10kPoints: number;
}

export const CLUB_LEVELS: readonly LevelRule[] = [
  { level: "Pink", from: 0, minorPer10kPoints: 0 },
  { level: "Bronze", from: 100, minorPer10kPoints: 10_000 },
  { level: "Silver", from: 500, minorPer10kPoints: 12_500 },
  { level: "Gold", from: 1_500, minorPer10kPoints: 15_000 },
  { level: "Platinum", from: 4_000, minorPer10kPoints: 20_000 },
];

/** Points for every pound (or euro) a voucher cost the shopper (card and refundable credit). */
export const PURCHASE_POINTS_PER_UNIT = 1;
/** Spec §9: purchase points arrive 30 days after the purchase… */
export const PURCHASE_POINTS_DELAY_DAYS = 30;
/** …and every point is valid 6 months from when it arrived. */
export const POINTS_VALIDITY_MONTHS = 6;

/**
 * Sharing and viewing deals (spec §7 shareDeal, viewDeal): a few points, bounded so clicking
 * cannot be farmed. Views count once per deal per market day, shares once per deal ever; each
 * kind stops earning for the day at its daily cap (a market day, London or Dublin).
 */
export const ACTIVITY_RULES = {
  view: { points: 1, perDay: 3 },
  share: { points: 2, perDay: 2 },
} as const;
export type ActivityKind = keyof typeof ACTIVITY_RULES;
/** The most a shopper can earn from activities in one day. */
export const ACTIVITY_POINTS_PER_DAY = Object.values(ACTIVITY_RULES).reduce((sum, rule) => sum + rule.points * rule.perDay, 0);

export interface LevelStanding {
  currentLevel: ClubLevel;
  nextLevel: ClubLevel | null;
  /** 0 at Platinum. */
  pointsToNextLevel: number;
  /** Major units of credit per point at the current level (0.0125 = 1.25p a point); 0 at Pink. */
  exchangeRate: number;
  minorPer10kPoints: number;
  canExchange: boolean;
}

/** The level lifetime points reach, the next one and how far it is. */
export function levelStanding(lifetimePoints: number): LevelStanding {
  let index = 0;
  for (let i = 0; i < CLUB_LEVELS.length; i++) if (lifetimePoints >= CLUB_LEVELS[i].from) index = i;
  const current = CLUB_LEVELS[index];
  const next = CLUB_LEVELS[index + 1] ?? null;
  return {
    currentLevel: current.level,
    nextLevel: next?.level ?? null,
    pointsToNextLevel: next ? next.from - lifetimePoints : 0,
    exchangeRate: current.minorPer10kPoints / 1_000_000,
    minorPer10kPoints: current.minorPer10kPoints,
    canExchange: current.minorPer10kPoints > 0,
  };
}

/**
 * Spec §5: "points times the rate, to 2 decimals", in minor units: half a penny rounds up.
 * Integer arithmetic throughout, so 3 points at 1.25p are exactly 3.75p, rounded to 4p.
 */
export function exchangeValue(points: number, minorPer10kPoints: number): number {
  if (!Number.isInteger(points) || points < 0) throw new RangeError(`points must be a whole number, got ${points}`);
  return Math.floor((points * minorPer10kPoints + 5_000) / 10_000);
}

/** Points a voucher earns for what it cost the shopper in minor units (whole points, rounded down). */
export function purchasePoints(paidMinor: number): number {
  return Math.floor((Math.max(0, paidMinor) * PURCHASE_POINTS_PER_UNIT) / 100);
}

/** Exchanged points arrive as this kind of wallet credit (marketing: limited per item, never cash); the Club page says so from this. */
export const EXCHANGED_CREDIT_TYPE = "marketing" as const;

/** Spec §5, Pink level: reach the next level to exchange points for wallet credit. */
export const PINK_LEVEL_MESSAGE = "Reach the next level to exchange points for wallet credit.";
/** Spec §5: when the maximum is 0. */
export const NOT_ENOUGH_POINTS_MESSAGE = "You don't have enough points";

/** Spec §5: what to choose, and the message when the choice is out of range. */
export function exchangeRangeMessage(max: number): string {
  return `Please select a number between 1 and ${max} to exchange your points.`;
}
