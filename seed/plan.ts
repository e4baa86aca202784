import type { DealType } from "../modules/catalog/schema";
import type { SeedLocation } from "./data/locations";
import type { Random } from "./random";

/**
 * Draws items without replacement from fixed quotas: totals come out exact (every location gets
 * its guaranteed share) while the order stays random. Memory is one counter per item.
 */
export class QuotaPool<T> {
  private readonly remaining: number[];

  constructor(
    private readonly items: readonly T[],
    quotas: readonly number[],
  ) {
    this.remaining = [...quotas];
  }

  draw(rng: Random): T {
    const index = rng.weightedIndex(this.remaining);
    this.remaining[index]--;
    return this.items[index];
  }
}

/** Every location gets at least this many local deals once the catalogue has 500 deals. */
export const MIN_LOCAL_DEALS_PER_LOCATION = 9;
const FULL_COVERAGE_FROM = 500;

export interface DealTypePlan {
  local: number;
  national: number;
  travel: number;
}

/** ~60% local, ~25% national, ~15% travel; small catalogues lean local so each location is covered. */
export function planDealTypes(total: number, locationCount: number): DealTypePlan {
  let local = Math.round(total * 0.6);
  if (total >= FULL_COVERAGE_FROM) local = Math.max(local, Math.min(total, MIN_LOCAL_DEALS_PER_LOCATION * locationCount));
  const national = Math.min(total - local, Math.round(total * 0.25));
  return { local, national, travel: total - local - national };
}

export function dealTypePool(plan: DealTypePlan): QuotaPool<DealType> {
  return new QuotaPool<DealType>(["local", "national", "travel"], [plan.local, plan.national, plan.travel]);
}

/**
 * How many local deals each location gets: a guaranteed floor for all, the rest shared by weight
 * (largest remainder, so the counts add up exactly).
 */
export function planLocationQuotas(localTotal: number, locations: readonly SeedLocation[]): number[] {
  const floor = Math.min(MIN_LOCAL_DEALS_PER_LOCATION, Math.floor(localTotal / locations.length));
  const rest = localTotal - floor * locations.length;
  const totalWeight = locations.reduce((sum, location) => sum + location.weight, 0);
  const shares = locations.map((location) => (rest * location.weight) / totalWeight);
  const quotas = shares.map((share) => floor + Math.floor(share));
  let leftover = localTotal - quotas.reduce((sum, quota) => sum + quota, 0);
  const byRemainder = shares
    .map((share, index) => ({ index, remainder: share - Math.floor(share) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (leftover-- <= 0) break;
    quotas[index]++;
  }
  return quotas;
}
