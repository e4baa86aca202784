/**
 * Item-to-item scoring (pure, no database): "shoppers who bought or viewed this also bought or
 * viewed that". Each shopper (customer or guest visitor) contributes their distinct purchased and
 * viewed deals; every pair of deals one shopper touched counts once for that shopper, a purchase
 * pair weighing more than a view pair. The score is a shrunk cosine similarity, so a pair seen
 * once between two rare deals does not beat a pair many shoppers share. Choices:
 * docs/decisions/recommendations-item-to-item.md.
 */
import type { RecommendationSource } from "./schema";

export interface ShopperHistory {
  /** Deals the shopper bought (any order, duplicates ignored). */
  purchased: readonly number[];
  /** Deals the shopper opened (duplicates and purchased ones ignored). */
  viewed: readonly number[];
}

export interface Neighbour {
  dealId: number;
  score: number;
  source: RecommendationSource;
}

/** A pair both bought counts 1; a pair where either side was only viewed counts this much. */
export const CO_VIEW_WEIGHT = 0.25;
/** Shrinkage: a pair's score is multiplied by w / (w + SHRINK), so thin evidence counts less. */
export const SHRINK = 1;
/** A shopper's deals considered, purchases first (bounds the pairs one heavy shopper adds). */
export const MAX_DEALS_PER_SHOPPER = 50;
/** Neighbours kept per deal (what the table stores). */
export const NEIGHBOURS_PER_DEAL = 20;

interface PairTotals {
  weight: number;
  purchase: boolean;
  view: boolean;
}

/** Neighbours of every deal that has any, best first (ties by lower deal id, so runs are stable). */
export function scoreItemToItem(histories: Iterable<ShopperHistory>, options: { neighbours?: number } = {}): Map<number, Neighbour[]> {
  const keep = options.neighbours ?? NEIGHBOURS_PER_DEAL;
  const activity = new Map<number, number>();
  const pairs = new Map<number, Map<number, PairTotals>>();

  const addPair = (a: number, b: number, weight: number, purchase: boolean) => {
    let row = pairs.get(a);
    if (!row) pairs.set(a, (row = new Map()));
    const totals = row.get(b) ?? { weight: 0, purchase: false, view: false };
    totals.weight += weight;
    if (purchase) totals.purchase = true;
    else totals.view = true;
    row.set(b, totals);
  };

  for (const history of histories) {
    const bought = new Set(history.purchased);
    // Purchases first (the latest ones), then views, up to the cap.
    const touched = [...new Set([...history.purchased.slice(-MAX_DEALS_PER_SHOPPER), ...history.viewed])].slice(0, MAX_DEALS_PER_SHOPPER);
    for (const deal of touched) activity.set(deal, (activity.get(deal) ?? 0) + (bought.has(deal) ? 1 : CO_VIEW_WEIGHT));
    for (let i = 0; i < touched.length; i++) {
      for (let j = i + 1; j < touched.length; j++) {
        const a = touched[i];
        const b = touched[j];
        const purchase = bought.has(a) && bought.has(b);
        const weight = purchase ? 1 : CO_VIEW_WEIGHT;
        addPair(a, b, weight, purchase);
        addPair(b, a, weight, purchase);
      }
    }
  }

  const result = new Map<number, Neighbour[]>();
  for (const [deal, row] of pairs) {
    const neighbours: Neighbour[] = [];
    for (const [other, totals] of row) {
      const cosine = totals.weight / Math.sqrt(activity.get(deal)! * activity.get(other)!);
      const score = cosine * (totals.weight / (totals.weight + SHRINK));
      const source: RecommendationSource = totals.purchase && totals.view ? "both" : totals.purchase ? "co_purchase" : "co_view";
      neighbours.push({ dealId: other, score, source });
    }
    neighbours.sort((x, y) => y.score - x.score || x.dealId - y.dealId);
    result.set(deal, neighbours.slice(0, keep));
  }
  return result;
}

/**
 * What to show someone who touched `seeds`: their neighbours' scores summed, seeds themselves and
 * `exclude` left out, best first. The bench and the serving query use the same rule.
 */
export function rankFromNeighbours(neighbours: Map<number, Neighbour[]>, seeds: readonly number[], exclude: ReadonlySet<number>): number[] {
  const totals = new Map<number, number>();
  const seedSet = new Set(seeds);
  for (const seed of seedSet) {
    for (const neighbour of neighbours.get(seed) ?? []) {
      if (seedSet.has(neighbour.dealId) || exclude.has(neighbour.dealId)) continue;
      totals.set(neighbour.dealId, (totals.get(neighbour.dealId) ?? 0) + neighbour.score);
    }
  }
  return [...totals].sort((x, y) => y[1] - x[1] || x[0] - y[0]).map(([dealId]) => dealId);
}
