import type { Db } from "../../db/client";
import { type Basket, type BasketActor, linesOf, lockOpenBasket, touchBasket } from "./baskets";
import { holdUnits } from "../inventory/holds";
import { BasketError } from "./errors";
import { type BasketLine, lineCap } from "./evaluate-lines";
import { productUnitPrice } from "./line-pricing";
import { lineMinimum, lineProblem } from "./line-rules";
import { loadBasketFacts } from "./load-facts";
import { basketLines, type LineGifting } from "./schema";
import { eq } from "drizzle-orm";

/** A product as the shopper adds it (spec §3 basket line fields the shopper chooses). */
export interface LineInput {
  productId: number;
  /** The deal the shopper saw; a product of another deal is refused. */
  dealId?: number;
  quantity: number;
  deliveryOptionType?: string | null;
  payDeposit?: boolean;
  gift?: boolean;
  giftClaim?: string | null;
  gifting?: LineGifting | null;
  giftPack?: boolean;
  giftWrap?: boolean;
  checkInDate?: string | null;
  checkOutDate?: string | null;
  flights?: unknown;
  bookingCalendarOnRedemption?: boolean;
  adId?: string | null;
  mgId?: string | null;
  purchaseGclid?: string | null;
  purchaseLocation?: string | null;
  purchaseUrl?: string | null;
  sessionPurchaseSource?: string | null;
}

/** The stored fields a shopper's input sets on a line (everything but product, quantity and price). */
export function lineDetails(input: Partial<LineInput>) {
  const details: Partial<typeof basketLines.$inferInsert> = {};
  const keys = [
    "deliveryOptionType",
    "payDeposit",
    "gift",
    "giftClaim",
    "gifting",
    "giftPack",
    "giftWrap",
    "checkInDate",
    "checkOutDate",
    "flights",
    "bookingCalendarOnRedemption",
    "adId",
    "mgId",
    "purchaseGclid",
    "purchaseLocation",
    "purchaseUrl",
    "sessionPurchaseSource",
  ] as const;
  for (const key of keys) if (input[key] !== undefined) Object.assign(details, { [key]: input[key] });
  return details;
}

/**
 * Puts `quantity` units of a product on a line of a locked basket: raises it to the line's minimum
 * (price per person), runs the line rules (the checkout runs the same ones) against the locked
 * stock, the deal's sales and the customer's purchases, then writes the line and holds its stock
 * for the reservation time.
 */
export async function putDealLine(
  tx: Db,
  basket: Basket,
  actor: BasketActor,
  change: { existing: BasketLine | null; others: readonly BasketLine[]; input: LineInput; quantity: number; adding?: boolean },
): Promise<BasketLine> {
  const facts = await loadBasketFacts(tx, {
    basketId: basket.id,
    productIds: [change.input.productId],
    customerId: actor.customer?.id ?? null,
    countryCode: actor.brand.countryCode,
    now: actor.now,
    lock: true,
    countHoldsElsewhere: true,
  });
  const product = facts.products.get(change.input.productId) ?? null;
  const context = { now: actor.now, currency: basket.currency, vip: actor.customer?.vip ?? false };
  if (!product) throw new BasketError("ITEM_UNAVAILABLE");
  if (change.input.dealId !== undefined && change.input.dealId !== product.deal.id) throw new BasketError("ITEM_UNAVAILABLE");
  const quantity = Math.max(change.quantity, lineMinimum(product));
  const held = change.adding ? (change.existing?.quantity ?? 0) : 0;
  const problem = lineProblem({ product, quantity, held, cap: lineCap(product, change.others, facts), context });
  if (problem) throw problem;

  const values = {
    ...lineDetails(change.input),
    quantity,
    reservedPrice: productUnitPrice(product, context.vip) + product.adminFee,
    updatedAt: actor.now,
  };
  const [line] = change.existing
    ? await tx.update(basketLines).set(values).where(eq(basketLines.id, change.existing.id)).returning()
    : await tx
        .insert(basketLines)
        .values({ ...values, basketId: basket.id, kind: "deal", dealId: product.deal.id, productId: product.id, createdAt: actor.now })
        .returning();
  await holdUnits(tx, {
    basketId: basket.id,
    basketLineId: line.id,
    productId: product.id,
    quantity,
    expiresAt: new Date(actor.now.getTime() + actor.holdMs),
  });
  return line;
}

/** The line a product joins: the same product for the same dates adds to the existing line. */
export function sameLine(lines: readonly BasketLine[], input: LineInput): BasketLine | null {
  return (
    lines.find(
      (line) =>
        line.kind === "deal" &&
        line.productId === input.productId &&
        (line.checkInDate ?? null) === (input.checkInDate ?? null) &&
        (line.checkOutDate ?? null) === (input.checkOutDate ?? null),
    ) ?? null
  );
}

export function assertQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1) throw new BasketError("INVALID_QUANTITY");
}

/**
 * POST basket/{token}/product: adds a product (or more of it) and holds the stock. Answers with
 * the basket and its lines as the transaction left them (the basket was locked, so they are
 * exact), which spares the caller reading them again.
 */
export async function addProduct(db: Db, token: string, input: LineInput, actor: BasketActor): Promise<{ basket: Basket; lines: BasketLine[] }> {
  assertQuantity(input.quantity);
  return db.transaction(async (tx) => {
    const basket = await lockOpenBasket(tx, token, actor);
    const lines = await linesOf(tx, basket.id);
    const existing = sameLine(lines, input);
    const others = lines.filter((line) => line.id !== existing?.id);
    // Before putDealLine locks the product's deal: every statement after that lock is time other
    // shoppers of a popular deal wait.
    await touchBasket(tx, basket.id, actor.now);
    const line = await putDealLine(tx, basket, actor, { existing, others, input, quantity: (existing?.quantity ?? 0) + input.quantity, adding: true });
    return { basket: { ...basket, updatedAt: actor.now }, lines: [...others, line].sort((a, b) => a.id - b.id) };
  });
}
