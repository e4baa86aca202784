import type { DealSales } from "../catalog/deal-detail/sales";
import type { SellableProduct } from "../catalog/sellable-products";
import { availableUnits } from "../inventory/hold-facts";
import type { CustomerPurchases } from "../inventory/purchases";
import { type EffectiveCap, effectiveCap } from "./caps";
import { BasketError } from "./errors";
import { type BasketContext, giftCardLineProblem, lineProblem, unpurchasable } from "./line-rules";
import { type LinePrice, priceAddonLine, priceDealLine, priceGiftCardLine, priceStayLine } from "./line-pricing";
import type { basketLines, LineFlights } from "./schema";
import type { LineStay } from "./travel-lines";

export type BasketLine = typeof basketLines.$inferSelect;

/** Spec §4 deal availability in the basket. */
export type LineAvailability = "AVAILABLE" | "LIMITED" | "EXPIRING_SOON" | "OUT_OF_STOCK" | "SOLD_OUT";
/** At or below this many free units an item shows "limited availability". */
export const LIMITED_AVAILABILITY_UNITS = 10;
/** A deal closing within this time shows "expiring soon". */
export const EXPIRING_SOON_MS = 48 * 60 * 60 * 1000;

export interface BasketFacts {
  products: Map<number, SellableProduct>;
  reservedByOthers: Map<number, number>;
  purchases: CustomerPurchases;
  sales: Map<number, DealSales>;
  holds: Map<number, { quantity: number; expiresAt: Date }>;
  /** The customer's live holds in their other baskets (loaded when adding products only). */
  heldElsewhere: { unitsByDeal: Map<number, number>; unitsByProduct: Map<number, number> } | null;
  /** Travel lines' stays by line id (loaded when the lines are known; ./travel-lines.ts). */
  stays?: Map<number, LineStay>;
}

/** A dated travel line's booking as it can be sold now: what the order sells and copies. */
export interface BookedStay {
  checkIn: string;
  checkOut: string;
  nights: string[];
  /** Rooms (or packages) sold on every night. */
  rooms: number;
  guests: number;
  flights: LineFlights | null;
}

export interface EvaluatedLine {
  line: BasketLine;
  product: SellableProduct | null;
  price: LinePrice;
  cap: EffectiveCap;
  availability: LineAvailability;
  /** Why this line cannot be bought as it is, or null. */
  problem: BasketError | null;
  hold: { status: "RESERVED" | "EXPIRED"; expiresAt: Date | null };
  /** A dated travel line whose stay can be sold; null for any other line. */
  stay: BookedStay | null;
}

/** Stock this basket could still take: what remains minus other baskets' live holds (null: unlimited). */
export function freeStock(product: SellableProduct, facts: BasketFacts): number | null {
  return availableUnits(product.totalRemaining, facts.reservedByOthers.get(product.id) ?? 0);
}

/** How many units one line may hold, given the basket's other lines and everything else that caps it. */
export function lineCap(product: SellableProduct, others: readonly BasketLine[], facts: BasketFacts): EffectiveCap {
  const dealSold = facts.sales.get(product.deal.id);
  const sameDeal = others.filter((other) => other.kind === "deal" && other.dealId === product.deal.id);
  return effectiveCap({
    productCap: product.purchaseCap,
    boughtOfProduct: (facts.purchases.unitsByProduct.get(product.id) ?? 0) + (facts.heldElsewhere?.unitsByProduct.get(product.id) ?? 0),
    dealCap: product.deal.purchaseCap,
    boughtOfDeal: (facts.purchases.unitsByDeal.get(product.deal.id) ?? 0) + (facts.heldElsewhere?.unitsByDeal.get(product.deal.id) ?? 0),
    remainingForDay: product.deal.dailyCap === null ? null : product.deal.dailyCap - (dealSold?.today ?? 0),
    remainingForWeek: product.deal.weeklyCap === null ? null : product.deal.weeklyCap - (dealSold?.thisWeek ?? 0),
    stockFree: freeStock(product, facts),
    otherUnitsOfDeal: sameDeal.reduce((sum, other) => sum + other.quantity, 0),
    otherUnitsOfProduct: sameDeal.filter((other) => other.productId === product.id).reduce((sum, other) => sum + other.quantity, 0),
  });
}

function availability(product: SellableProduct | null, quantity: number, facts: BasketFacts, context: BasketContext): LineAvailability {
  if (!product || unpurchasable(product, context) || product.totalRemaining === 0) return "SOLD_OUT";
  const free = freeStock(product, facts);
  if (free !== null && free < quantity) return "OUT_OF_STOCK";
  if (free !== null && free <= LIMITED_AVAILABILITY_UNITS) return "LIMITED";
  if (product.deal.closingDate.getTime() - context.now.getTime() <= EXPIRING_SOON_MS) return "EXPIRING_SOON";
  return "AVAILABLE";
}

/** Prices every line and says, for each, how many it may hold, how available it is and what is wrong. */
export function evaluateLines(lines: readonly BasketLine[], facts: BasketFacts, context: BasketContext): EvaluatedLine[] {
  // Deal Protection covers the order's vouchers: with no deal left in the basket it covers nothing.
  const hasVouchers = lines.some((line) => line.kind === "deal" && line.quantity > 0);
  return lines.map((line) => {
    const hold = facts.holds.get(line.id);
    const holdState = {
      status: hold && hold.expiresAt.getTime() > context.now.getTime() ? ("RESERVED" as const) : ("EXPIRED" as const),
      expiresAt: hold?.expiresAt ?? null,
    };
    if (line.kind === "addon") {
      return {
        line,
        product: null,
        price: priceAddonLine(context.currency, line.quantity, line.addonType),
        cap: { cap: 1, limitedBy: "LINE" as const },
        availability: "AVAILABLE" as const,
        problem: line.addonType === "DVP" && !hasVouchers ? new BasketError("ITEM_UNAVAILABLE") : null,
        hold: { status: "RESERVED" as const, expiresAt: null },
        stay: null,
      };
    }
    if (line.kind === "gift_card") {
      return {
        line,
        product: null,
        price: priceGiftCardLine(line.reservedPrice, line.quantity),
        cap: { cap: 1, limitedBy: "LINE" as const },
        availability: "AVAILABLE" as const,
        problem: giftCardLineProblem(line),
        // Nothing in stock to hold: a card is made when the order is placed.
        hold: { status: "RESERVED" as const, expiresAt: null },
        stay: null,
      };
    }
    const product = (line.productId !== null && facts.products.get(line.productId)) || null;
    const others = lines.filter((other) => other.id !== line.id);
    const cap = product ? lineCap(product, others, facts) : { cap: 0, limitedBy: "STOCK" as const };
    const lineStay = facts.stays?.get(line.id);
    const problem = product ? lineProblem({ product, quantity: line.quantity, held: 0, cap, context, stay: lineStay }) : new BasketError("ITEM_UNAVAILABLE");
    const dated = lineStay?.kind === "dated" && lineStay.stay.ok ? { ...lineStay, stay: lineStay.stay } : null;
    const unpriced = { unitPrice: line.reservedPrice, originalUnitPrice: line.reservedPrice, postagePerUnit: 0, lineTotal: 0, discount: 0, discountPercentage: 0, hasDeposit: false, depositPrice: null };
    return {
      line,
      product,
      price: product && dated ? priceStayLine(product, dated.stay, context.vip) : product && lineStay?.kind !== "dated" ? priceDealLine(product, line, context.vip, holdState.status === "RESERVED" ? line.reservedPrice : undefined) : unpriced,
      cap,
      availability: lineStay?.kind === "dated" && !dated ? "SOLD_OUT" : availability(product, line.quantity, facts, context),
      problem,
      hold: holdState,
      stay: dated
        ? { checkIn: dated.checkIn, checkOut: dated.checkOut, nights: dated.stay.nights, rooms: dated.stay.rooms, guests: dated.guests, flights: dated.stay.flights }
        : null,
    };
  });
}
