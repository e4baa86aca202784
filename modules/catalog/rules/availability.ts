/**
 * When a deal can be bought (spec discovery §4). Pure: the caller supplies the clock's "now", the
 * market time zone and whether the visitor arrived through a last-chance source.
 */
import { localDate } from "../../../lib/market-time";

/** Buying after close, when enabled, is allowed for this many days after the closing date. */
export const BUY_CLOSED_DEAL_WINDOW_DAYS = 4;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ProductAvailabilityFacts {
  soldOut: boolean;
  /** Units left; null means not limited by stock. */
  totalRemaining: number | null;
  dailyPurchaseCapReached: boolean;
  weeklyPurchaseCapReached: boolean;
}

export interface DealAvailabilityFacts {
  open: boolean;
  soldOut: boolean;
  closingDate: Date;
  lastChance: boolean;
  enableBuyClosedDeal: boolean;
  dailyPurchaseCapReached: boolean;
  weeklyPurchaseCapReached: boolean;
  /** The products a shopper could pick (visible ones). */
  products: readonly ProductAvailabilityFacts[];
}

export interface AvailabilityContext {
  now: Date;
  timeZone: string;
  /** The visitor came from search, recommended, recently viewed, sponsored search, email deals or a campaign. */
  lastChanceArrival: boolean;
}

export type UnavailableReason = "NO_DEAL" | "SOLD_OUT" | "CAP_REACHED" | "ALL_PRODUCTS_CAPPED" | "NOT_OPEN" | "CLOSED";

/** What the deal page says instead of offering the products. */
export const UNAVAILABLE_MESSAGES: Record<UnavailableReason, string> = {
  NO_DEAL: "This deal is unavailable to buy",
  SOLD_OUT: "Sorry, this deal has sold out",
  CAP_REACHED: "This deal has sold out for today. Please check back soon",
  ALL_PRODUCTS_CAPPED: "Sorry, all options of this deal have sold out",
  NOT_OPEN: "This deal is not open for purchase",
  CLOSED: "Sorry, this deal has ended",
};

export function productCapReached(product: ProductAvailabilityFacts): boolean {
  return (
    product.soldOut ||
    product.totalRemaining === 0 ||
    product.dailyPurchaseCapReached ||
    product.weeklyPurchaseCapReached
  );
}

/**
 * Open for display: open, and either not past the end of its closing day (market time) or a
 * last-chance deal reached through a last-chance source.
 */
export function isOpenForDisplay(deal: Pick<DealAvailabilityFacts, "open" | "closingDate" | "lastChance">, context: AvailabilityContext): boolean {
  if (!deal.open) return false;
  if (localDate(context.now, context.timeZone) <= localDate(deal.closingDate, context.timeZone)) return true;
  return deal.lastChance && context.lastChanceArrival;
}

/**
 * Why a deal cannot be bought right now, or null when it can. The checks follow the spec's list;
 * the order only decides which message is shown when several hold.
 */
export function unavailableReason(deal: DealAvailabilityFacts | null, context: AvailabilityContext): UnavailableReason | null {
  if (!deal) return "NO_DEAL";
  if (deal.soldOut) return "SOLD_OUT";
  if (deal.dailyPurchaseCapReached || deal.weeklyPurchaseCapReached) return "CAP_REACHED";
  if (deal.products.length > 0 && deal.products.every(productCapReached)) return "ALL_PRODUCTS_CAPPED";
  if (!deal.open) return "NOT_OPEN";
  const sinceClose = context.now.getTime() - deal.closingDate.getTime();
  if (sinceClose <= 0) return null;
  if (deal.enableBuyClosedDeal) {
    return sinceClose > BUY_CLOSED_DEAL_WINDOW_DAYS * DAY_MS ? "CLOSED" : null;
  }
  return deal.lastChance && context.lastChanceArrival ? null : "CLOSED";
}

/** The arrival that lets a last-chance deal be bought after its closing date. */
export interface Arrival {
  pathname: string;
  searchParams: URLSearchParams;
}

/** `usr_src` values that mark an arrival from search, recommendations or recently viewed. */
export const LAST_CHANCE_SOURCES = ["search", "recommended", "recently-viewed"] as const;
export const SPONSORED_SEARCH_SOURCE_PREFIX = "sponsored_search_";

export function isLastChanceArrival(arrival: Arrival): boolean {
  const source = arrival.searchParams.get("usr_src") ?? "";
  if ((LAST_CHANCE_SOURCES as readonly string[]).includes(source)) return true;
  if (source.startsWith(SPONSORED_SEARCH_SOURCE_PREFIX)) return true;
  if (arrival.searchParams.get("st_cid")) return true;
  const first = arrival.pathname.split("/")[1] ?? "";
  return first === "email-deal" || first === "email-deals";
}
