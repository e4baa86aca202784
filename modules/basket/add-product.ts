import type { LineAttribution } from "../../lib/attribution";
import type { Db } from "../../db/client";
import { type Basket, type BasketActor, linesOf, lockOpenBasket, touchBasket } from "./baskets";
import { holdUnits, releaseLineHolds } from "../inventory/holds";
import { offersDelivery } from "../catalog/rules/delivery-options";
import { mapUtmValue } from "../travel/hotel-ads";
import { isCalendarDay } from "../travel/stay-rules";
import { BasketError } from "./errors";
import { type BasketLine, lineCap } from "./evaluate-lines";
import { priceStayLine, productCharge } from "./line-pricing";
import { lineMinimum, lineProblem } from "./line-rules";
import { loadBasketFacts } from "./load-facts";
import { basketLines, type LineGifting } from "./schema";
import { loadLineStays } from "./travel-lines";
import { eq } from "drizzle-orm";

/** A product as the shopper adds it (spec §3 basket line fields the shopper chooses). */
export interface LineInput extends Partial<LineAttribution> {
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
  /** Choose-your-flight stays: the flight pair (ids from the flights call); priced and checked when added. */
  flights?: { outboundFlightId: number; inboundFlightId: number } | null;
  /** Travel: passengers (2, 4, 6 or 8; one room per 2). */
  guests?: number | null;
  /** Hotel-ads landings (spec §2): the attribution (LineAttribution) is mapped by ../travel/hotel-ads.ts. */
  bookingCalendarOnRedemption?: boolean;
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
    "guests",
    "leadInProductId",
    "adId",
    "mgId",
    "purchaseGclid",
    "purchaseLocation",
    "purchaseUrl",
    "sessionPurchaseSource",
  ] as const;
  for (const key of keys) if (input[key] !== undefined) Object.assign(details, { [key]: input[key] });
  // Flights are stored once checked and priced (putDealLine); whether a line is booked on
  // redemption follows from its deal and dates, never from what the shopper sends.
  if (input.utmMedium !== undefined) details.utmMedium = mapUtmValue(input.utmMedium);
  if (input.utmSource !== undefined) details.utmSource = mapUtmValue(input.utmSource);
  return details;
}

/** Whether a change touches what a travel line books (its dates, passengers or flights). */
export function changesStay(input: Partial<LineInput>): boolean {
  return input.checkInDate !== undefined || input.checkOutDate !== undefined || input.guests !== undefined || input.flights !== undefined;
}

/**
 * Puts `quantity` units of a product on a line of a locked basket: raises it to the line's minimum
 * (price per person), runs the line rules (the checkout runs the same ones) against the locked
 * stock, the deal's sales and the customer's purchases, then writes the line and holds its stock
 * for the reservation time. A travel product sold by the night (./travel-lines.ts) is one booking:
 * its stay is checked and priced against the nights left (and its flights' seats), and its rooms
 * are held on every night (docs/decisions/travel-booking.md).
 */
export async function putDealLine(
  tx: Db,
  basket: Basket,
  actor: BasketActor,
  change: { existing: BasketLine | null; others: readonly BasketLine[]; input: LineInput; quantity: number; adding?: boolean },
): Promise<BasketLine> {
  // A date that is not a real day (2027-02-30) is a date still to choose, not a database error.
  for (const day of [change.input.checkInDate, change.input.checkOutDate]) if (day && !isCalendarDay(day)) throw new BasketError("TRAVEL_DATES_REQUIRED");
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
  const delivery = change.input.deliveryOptionType;
  if (delivery !== undefined && delivery !== null && !offersDelivery(product.deliveryOptions, delivery)) throw new BasketError("DELIVERY_OPTION_UNAVAILABLE");

  // A travel product sold by the night: its stay is checked against the nights left, with the
  // product rows locked above, so two baskets cannot both hold the last room.
  const existing = change.existing;
  const stayFields = {
    checkInDate: change.input.checkInDate !== undefined ? change.input.checkInDate : (existing?.checkInDate ?? null),
    checkOutDate: change.input.checkOutDate !== undefined ? change.input.checkOutDate : (existing?.checkOutDate ?? null),
    guests: change.input.guests !== undefined ? change.input.guests : (existing?.guests ?? null),
    flights: change.input.flights !== undefined ? change.input.flights : (existing?.flights ?? null),
    bookingCalendarOnRedemption: false,
  };
  const stays = await loadLineStays(tx, [{ id: existing?.id ?? 0, productId: product.id, quantity: change.quantity, ...stayFields }], facts.products, {
    basketId: basket.id,
    now: actor.now,
  });
  const lineStay = stays.get(existing?.id ?? 0);
  const dated = lineStay?.kind === "dated" && lineStay.stay.ok ? { ...lineStay, stay: lineStay.stay } : null;
  // A dated stay is one booking: adding it again books it again with what was chosen now.
  const quantity = lineStay?.kind === "dated" || lineStay?.kind === "incomplete" ? 1 : Math.max(change.quantity, lineMinimum(product));
  const held = change.adding && !lineStay ? (existing?.quantity ?? 0) : 0;
  const problem = lineProblem({ product, quantity, held, cap: lineCap(product, change.others, facts), context, stay: lineStay });
  if (problem) throw problem;

  const sameStay =
    existing !== null && existing.checkInDate === stayFields.checkInDate && existing.checkOutDate === stayFields.checkOutDate && existing.guests === stayFields.guests;
  const values = {
    ...lineDetails(change.input),
    quantity,
    reservedPrice: dated ? priceStayLine(product, dated.stay, context.vip).unitPrice : productCharge(product, context.vip).price,
    ...(lineStay
      ? {
          flights: dated?.stay.flights ?? null,
          guests: dated ? dated.guests : null,
          bookingCalendarOnRedemption: lineStay.kind === "undated",
          // Passengers entered for these dates and this many guests stay; anything else asks again.
          passengers: sameStay ? (existing?.passengers ?? null) : null,
        }
      : {}),
    updatedAt: actor.now,
  };
  const [line] = existing
    ? await tx.update(basketLines).set(values).where(eq(basketLines.id, existing.id)).returning()
    : await tx
        .insert(basketLines)
        .values({ ...values, basketId: basket.id, kind: "deal", dealId: product.deal.id, productId: product.id, createdAt: actor.now })
        .returning();
  const expiresAt = new Date(actor.now.getTime() + actor.holdMs);
  if (lineStay) await releaseLineHolds(tx, line.id);
  if (dated) {
    // Every night of the stay holds its rooms (or packages) until the basket's hold runs out.
    for (const night of dated.stay.nights) {
      await holdUnits(tx, { basketId: basket.id, basketLineId: line.id, productId: product.id, night, quantity: dated.stay.rooms, expiresAt });
    }
    return line;
  }
  await holdUnits(tx, { basketId: basket.id, basketLineId: line.id, productId: product.id, quantity, expiresAt });
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
