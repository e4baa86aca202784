import { discountPercentage } from "../lib/money";
import type { Currency } from "../lib/money";
import type { DealType, products } from "../modules/catalog/schema";
import { withinVipPromise } from "../modules/vip/vip-terms";
import { SIZE_SETS, type SizeOption, type SizeSetName, type SubCategoryWords } from "./data/words";
import type { Random } from "./random";
import { capitalise } from "./text";

export type NewProduct = typeof products.$inferInsert;

export const MAX_PRODUCTS_PER_DEAL = 8;

/** A product before stock and sales are decided. */
export interface PlannedProduct {
  friendlyName: string;
  price: number;
  originalPrice: number;
  vipPrice: number | null;
  vipExclusive: boolean;
  adminFee: number;
  /** 1-based position in the option grid: row = variant, column = size (or nights). */
  row: number;
  column: number;
  visible: boolean;
}

/** The options a deal offers, which the headline also describes. */
export interface ProductOptions {
  products: PlannedProduct[];
  sizeSet: SizeSetName;
  sizes: SizeOption[];
  /** Travel: the stay lengths on offer, shortest first. */
  nights: number[];
  variantCount: number;
}

interface PlanInput {
  type: DealType;
  words: SubCategoryWords;
  currency: Currency;
  item: string;
  vip: boolean;
}

const DISCOUNT_RANGES: Record<DealType, readonly [number, number]> = {
  local: [0.35, 0.8],
  national: [0.2, 0.85],
  // At most 0.46 + 0.03 jitter, so no travel option is more than 50% off ("travel up to 50% off").
  travel: [0.15, 0.46],
};
/** The copy says "up to 80% off": no option, member price included, is ever more off than this. */
export const MAX_DISCOUNT_PERCENT = 80;
/** Euro prices sit a little above sterling ones, as they do on the real sites. */
const EUR_FACTOR = 1.15;

export function planProducts(rng: Random, input: PlanInput): ProductOptions {
  const { type, words } = input;
  const variantNames = contiguous(rng, words.variants, type === "travel" ? 2 : 3);
  let sizes: SizeOption[] = [];
  let nights: number[] = [];
  if (type === "travel") {
    nights = contiguous(rng, words.nights ?? [2], 3);
    while (variantNames.length * nights.length > MAX_PRODUCTS_PER_DEAL) nights.pop();
  } else {
    sizes = chooseSizes(rng, words.sizes);
    while (variantNames.length * sizes.length > MAX_PRODUCTS_PER_DEAL) sizes.pop();
  }

  const [low, high] = words.price;
  // Log-uniform: plenty of cheap deals, a long tail of expensive ones.
  const base = Math.exp(rng.float(Math.log(low), Math.log(high))) * (input.currency === "EUR" ? EUR_FACTOR : 1);
  const [minDiscount, maxDiscount] = DISCOUNT_RANGES[type];
  const dealDiscount = rng.float(minDiscount, maxDiscount);
  const vipFactor = rng.float(0.85, 0.95);
  const adminFee = type === "travel" && rng.chance(0.25) ? rng.pick([199, 299, 499]) : 0;

  const planned: PlannedProduct[] = [];
  const columns = type === "travel" ? nights.length : sizes.length;
  variantNames.forEach((variant, v) => {
    for (let c = 0; c < columns; c++) {
      const scale =
        type === "travel" ? Math.pow(nights[c] / nights[0], 0.85) * (1 + 0.2 * v) : sizes[c].factor * (1 + 0.3 * v);
      const price = roundPrice(type, base * scale);
      const discount = clamp(dealDiscount + rng.float(-0.03, 0.03), 0.05, 0.9);
      planned.push({
        friendlyName:
          type === "travel" ? travelName(nights[c], variant) : optionName(variant, sizes[c], input.words.sizes, input.item),
        price,
        originalPrice: originalFor(type, price, discount),
        vipPrice: input.vip ? capVipDiscount(withinVipPromise(price, vipFor(price, vipFactor)), price, originalFor(type, price, discount)) : null,
        vipExclusive: false,
        adminFee,
        row: v + 1,
        column: c + 1,
        visible: true,
      });
    }
  });

  // A few options are hidden (withdrawn by the merchant), never the lead one.
  for (let i = 1; i < planned.length; i++) if (planned.length > 2 && rng.chance(0.05)) planned[i].visible = false;
  // VIP deals sometimes keep their top option for members only.
  const last = planned[planned.length - 1];
  if (input.vip && planned.length >= 3 && last.visible && rng.chance(0.2)) last.vipExclusive = true;

  return { products: planned, sizeSet: words.sizes, sizes, nights, variantCount: variantNames.length };
}

export interface StockInput {
  dealId: number;
  soldOut: boolean;
  /** Row/column ids are only meaningful for the "default" (grid) display. */
  grid: boolean;
}

/**
 * Turns planned products into rows with stock and caps. Nothing is sold yet: units sold come only
 * from orders (the demo's are seed/order-history.ts), docs/decisions/catalog-sold-from-orders.md.
 */
export function stockProducts(rng: Random, planned: readonly PlannedProduct[], input: StockInput): NewProduct[] {
  const rows = planned.map((product, index): NewProduct => {
    const outOfStock = input.soldOut || (index > 0 && rng.chance(0.03));
    return {
      dealId: input.dealId,
      rowId: input.grid ? product.row : null,
      columnId: input.grid ? product.column : null,
      friendlyName: product.friendlyName,
      price: product.price,
      originalPrice: product.originalPrice,
      vipPrice: product.vipPrice,
      vipExclusive: product.vipExclusive,
      adminFee: product.adminFee,
      purchaseCap: rng.chance(0.1) ? rng.int(1, 5) : null,
      totalRemaining: outOfStock ? 0 : rng.chance(0.4) ? null : rng.int(1, 500),
      soldOut: outOfStock,
      disabled: false,
      visible: product.visible,
      sortOrder: index,
    };
  });
  return rows;
}

/** The lead product: the cheapest visible one (the first of equals). */
export function leadProduct<T extends { price: number; visible: boolean }>(items: readonly T[]): T {
  let lead: T | undefined;
  for (const item of items) if (item.visible && (!lead || item.price < lead.price)) lead = item;
  if (!lead) throw new Error("A deal needs at least one visible product");
  return lead;
}

function chooseSizes(rng: Random, set: SizeSetName): SizeOption[] {
  const all = SIZE_SETS[set];
  if (set === "colours") {
    const chosen = new Set(rng.sample(all, rng.int(1, 5)));
    return all.filter((size) => chosen.has(size));
  }
  return contiguous(rng, all, all.length);
}

/** A run of 1..max neighbouring items, so options step up in a sensible order. */
function contiguous<T>(rng: Random, items: readonly T[], max: number): T[] {
  const length = rng.int(1, Math.min(max, items.length));
  const start = rng.int(0, items.length - length);
  return items.slice(start, start + length);
}

function optionName(variant: string, size: SizeOption, set: SizeSetName, item: string): string {
  const base = variant || item;
  if (!size.label) return capitalise(base);
  // "Spa day for two", but "Express facial - 3 sessions" and "Standard - Black".
  const joiner = set === "people" || set === "players" ? " " : " - ";
  return capitalise(`${base}${joiner}${size.label}`);
}

function travelName(nights: number, variant: string): string {
  const stay = `${nights} night${nights === 1 ? "" : "s"}, 2 people`;
  return variant ? `${stay} - ${variant}` : stay;
}

/** Local and travel prices are whole pounds/euros; shop prices end in .99. */
function roundPrice(type: DealType, major: number): number {
  if (type === "national") return Math.max(1, Math.round(major)) * 100 - 1;
  return Math.max(1, Math.round(major)) * 100;
}

function originalFor(type: DealType, price: number, discount: number): number {
  const major = Math.ceil(price / (1 - discount) / 100);
  const original = type === "national" ? major * 100 - 1 : major * 100;
  if (original <= price) return price + 100;
  // Rounding up may not push the saving past the copy's "up to 80%": step the original down until it does not.
  let capped = original;
  while (capped - 100 > price && discountPercentage(price, capped) > MAX_DISCOUNT_PERCENT) capped -= 100;
  return capped;
}

/** A member price more than 80% off the original is raised to the dearest 50p step that keeps within it. */
function capVipDiscount(vip: number | null, price: number, original: number): number | null {
  if (vip === null || discountPercentage(vip, original) <= MAX_DISCOUNT_PERCENT) return vip;
  const floor = Math.ceil((original * (100 - MAX_DISCOUNT_PERCENT)) / 100 / 50) * 50;
  return floor < price ? floor : null;
}

function vipFor(price: number, factor: number): number | null {
  // Round down to 50p so member prices look deliberate.
  const vip = Math.floor((price * factor) / 50) * 50;
  if (vip > 0 && vip < price) return vip;
  return price > 50 ? price - 50 : null;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
