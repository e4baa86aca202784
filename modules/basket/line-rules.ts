import type { Currency } from "../../lib/money";
import type { SellableProduct } from "../catalog/sellable-products";
import { capViolation, type EffectiveCap, minimumQuantity } from "./caps";
import { isGiftCardAmount } from "../gift-cards/gift-card-choice";
import { BasketError } from "./errors";
import type { BasketLineKind, LineGifting } from "./schema";
import { type LineStay, lineStayProblem } from "./travel-lines";

/** Who is buying, when and in what currency: what a rule may read besides the line. */
export interface BasketContext {
  now: Date;
  currency: Currency;
  vip: boolean;
}

/** A line as the rules see it, when adding to the basket or quoting the checkout. */
export interface RuleLine {
  product: SellableProduct;
  /** Units the line would hold. */
  quantity: number;
  /** Units the line already holds when more are added to it (0 when quoting). */
  held: number;
  /** What stock, the deal's caps and the customer's caps leave this line (lineCap). */
  cap: EffectiveCap;
  context: BasketContext;
  /** A travel line's stay (./travel-lines.ts: loadLineStays); absent for any other product. */
  stay?: LineStay;
}

/** A gift card line as the rules see it: one card of an amount, sent or printed. */
export interface GiftCardRuleLine {
  quantity: number;
  reservedPrice: number;
  gifting: LineGifting | null;
}

/** A dated (or incomplete) travel stay is one booking for all its passengers, priced by the night. */
const isDated = (stay: LineStay | undefined) => stay !== undefined && stay.kind !== "undated";

/**
 * A rule about whether a product can be bought at all ("product"), or about how many units of it
 * a line may hold ("quantity": only checked for lines that hold some). `minimum` is the fewest units
 * a line may hold: adding raises a line to it, quoting refuses a line below it. A "gift card" rule
 * is about a gift card line (no product).
 */
export type LineRule =
  | { name: string; about: "product"; check: (product: SellableProduct, context: BasketContext) => BasketError | null }
  | { name: string; about: "quantity"; minimum?: (product: SellableProduct) => number; check: (line: RuleLine) => BasketError | null }
  | { name: string; about: "gift card"; check: (line: GiftCardRuleLine) => BasketError | null };

/**
 * Every rule a basket line must pass, in order (the first broken one is the shopper's message).
 * Adding to the basket and quoting the checkout (so placing the order) run the same list; a new
 * rule (travel dates, say) is a new entry.
 */
export const LINE_RULES: readonly LineRule[] = [
  {
    name: "on sale",
    about: "product",
    check: (product, context) => {
      const { deal } = product;
      // Gift presets are never published (no page lists them) but are on sale all the same.
      const closed = (!deal.published && deal.giftPreset === null) || !deal.open || deal.closingDate.getTime() <= context.now.getTime();
      const gone = closed || product.withdrawn || product.soldOut || deal.soldOut || deal.currency !== context.currency;
      return gone ? new BasketError("ITEM_UNAVAILABLE") : null;
    },
  },
  {
    name: "VIP only",
    about: "product",
    check: (product, context) => (forVipOnly(product, context.now) && !context.vip ? new BasketError("VIP_ONLY") : null),
  },
  {
    name: "price per person minimum",
    about: "quantity",
    minimum: (product) => minimumQuantity(product.deal.pricePerPerson),
    check: ({ product, quantity, stay }) => {
      // A booked stay already prices every passenger: it is one booking, not a unit per person.
      if (isDated(stay)) return null;
      const minimum = minimumQuantity(product.deal.pricePerPerson);
      return quantity < minimum ? new BasketError("INVALID_QUANTITY", pricePerPersonMessage(minimum)) : null;
    },
  },
  {
    name: "caps",
    about: "quantity",
    check: ({ quantity, cap, held }) => capViolation(quantity, cap, held),
  },
  {
    // A travel line's stay must still be sellable (dates, nights left, passengers, flights), and a
    // dated stay is one booking (docs/decisions/travel-booking.md).
    name: "travel stay",
    about: "quantity",
    check: ({ stay, quantity }) => lineStayProblem(stay, quantity),
  },
  {
    // One card of an amount a card may have (docs/decisions/gift-cards.md); checked again at every
    // quote, so a line changed since it was added (a tampered amount) cannot be bought.
    name: "gift card amount",
    about: "gift card",
    check: (line) => (line.quantity > 1 || !isGiftCardAmount(line.reservedPrice) ? new BasketError("ITEM_UNAVAILABLE") : null),
  },
  {
    // An emailed card needs its recipient's address (a recipient removed since cannot be bought).
    name: "gift card recipient",
    about: "gift card",
    check: (line) => (line.gifting?.type === "E_GIFT" && !line.gifting.recipientEmail ? new BasketError("GIFT_RECIPIENT_REQUIRED") : null),
  },
];

/**
 * Whether only active VIP members may buy the product now: a VIP-exclusive product always, any
 * product of a deal in VIP early access until that ends (docs/decisions/vip-hub.md).
 */
export function forVipOnly(product: Pick<SellableProduct, "vipExclusive"> & { deal: Pick<SellableProduct["deal"], "vipEarlyAccessUntil"> }, now: Date): boolean {
  const until = product.deal.vipEarlyAccessUntil;
  return product.vipExclusive || (until !== null && until.getTime() > now.getTime());
}

/** Shown when a price-per-person line holds fewer than its minimum (docs/decisions/basket-line-rules.md). */
function pricePerPersonMessage(minimum: number): string {
  return `This deal is priced per person: please choose at least ${minimum}`;
}

/** Why a product cannot be bought at all right now, or null. */
export function unpurchasable(product: SellableProduct | null, context: BasketContext): BasketError | null {
  if (!product) return new BasketError("ITEM_UNAVAILABLE");
  for (const rule of LINE_RULES) {
    const problem = rule.about === "product" ? rule.check(product, context) : null;
    if (problem) return problem;
  }
  return null;
}

/** The fewest units a line of this product may hold. */
export function lineMinimum(product: SellableProduct): number {
  return Math.max(1, ...LINE_RULES.map((rule) => (rule.about === "quantity" && rule.minimum ? rule.minimum(product) : 1)));
}

/** The first rule a line breaks, or null when it may be bought as it is. */
export function lineProblem(line: RuleLine): BasketError | null {
  const problem = unpurchasable(line.product, line.context);
  if (problem || line.quantity === 0) return problem;
  for (const rule of LINE_RULES) {
    const broken = rule.about === "quantity" ? rule.check(line) : null;
    if (broken) return broken;
  }
  return null;
}

/** The first rule a gift card line breaks (adding it and quoting the checkout), or null. */
export function giftCardLineProblem(line: GiftCardRuleLine): BasketError | null {
  for (const rule of LINE_RULES) {
    const broken = rule.about === "gift card" ? rule.check(line) : null;
    if (broken) return broken;
  }
  return null;
}

/**
 * What wallet credit may pay for: deals and add-ons, never gift cards (credit bought into a card
 * would start a new expiry, and non-transferable credit would become a giftable card). Marketing
 * credit is narrower still: deal items only, within its limits (../wallet/plan-wallet-use.ts).
 */
export function walletMayPay(kind: BasketLineKind): boolean {
  return kind !== "gift_card";
}
