import { BasketError, maxQuantityTodayMessage } from "./errors";

/** A single basket line's most units (spec: "a basket item can reach a maximum quantity"; value ours). */
export const MAX_LINE_QUANTITY = 20;
/** Price-per-person deals are sold for two or more (spec §5). */
export const PRICE_PER_PERSON_MIN_QUANTITY = 2;

/** Everything that limits how many units of one product a basket line may hold. */
export interface CapFacts {
  /** Per-customer cap of the product, and what the customer bought of it before (plus, when adding, holds in their other baskets). */
  productCap: number | null;
  boughtOfProduct: number;
  /** Per-customer cap of the deal, and what the customer bought of it before (likewise). */
  dealCap: number | null;
  boughtOfDeal: number;
  /** Deal-wide units still for sale today and this week (null: no such cap). */
  remainingForDay: number | null;
  remainingForWeek: number | null;
  /** Stock minus other baskets' live reservations (null: not limited by stock). */
  stockFree: number | null;
  /** Units of the same deal, and of the same product, in the basket's other lines. */
  otherUnitsOfDeal: number;
  otherUnitsOfProduct: number;
}

/** What binds: stock and the deal's own caps make an item unavailable; the customer's caps max it out. */
export type CapLimit = "STOCK" | "DEAL_SALES" | "CUSTOMER" | "LINE";

export interface EffectiveCap {
  cap: number;
  limitedBy: CapLimit;
}

/**
 * The effective cap (spec §5): the smallest of the product cap and the customer's maximum, the deal
 * cap and what remains for the day (and week), the free stock and the line maximum, each net of
 * what the customer already bought and what the basket's other lines hold.
 */
export function effectiveCap(f: CapFacts): EffectiveCap {
  const limits: [number | null, CapLimit][] = [
    [f.stockFree === null ? null : f.stockFree - f.otherUnitsOfProduct, "STOCK"],
    [f.remainingForDay === null ? null : f.remainingForDay - f.otherUnitsOfDeal, "DEAL_SALES"],
    [f.remainingForWeek === null ? null : f.remainingForWeek - f.otherUnitsOfDeal, "DEAL_SALES"],
    [f.productCap === null ? null : f.productCap - f.boughtOfProduct - f.otherUnitsOfProduct, "CUSTOMER"],
    [f.dealCap === null ? null : f.dealCap - f.boughtOfDeal - f.otherUnitsOfDeal, "CUSTOMER"],
    [MAX_LINE_QUANTITY, "LINE"],
  ];
  let best: EffectiveCap = { cap: MAX_LINE_QUANTITY, limitedBy: "LINE" };
  // Ties go to the earlier entry: an item that is gone is "no longer available", not "maxed out".
  for (const [value, limitedBy] of limits) {
    if (value !== null && value < best.cap) best = { cap: Math.max(0, value), limitedBy };
    if (value !== null && value <= 0) return { cap: 0, limitedBy };
  }
  return best;
}

/**
 * The error for wanting `quantity` units under `cap`, or null when it fits. `held` is what the line
 * already has: when nothing more fits on top of it, the item is unavailable (or maxed out) rather
 * than limited to a number.
 */
export function capViolation(quantity: number, cap: EffectiveCap, held = 0): BasketError | null {
  if (quantity <= cap.cap) return null;
  if (cap.cap <= held) return new BasketError(cap.limitedBy === "CUSTOMER" ? "MAX_QUANTITY_REACHED" : "ITEM_UNAVAILABLE");
  return new BasketError("MAX_QUANTITY_TODAY", maxQuantityTodayMessage(cap.cap), cap.cap);
}

/** Price-per-person deals need at least two; anything else at least one. */
export function minimumQuantity(pricePerPerson: boolean): number {
  return pricePerPerson ? PRICE_PER_PERSON_MIN_QUANTITY : 1;
}
