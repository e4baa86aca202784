import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type BasketActor, linesOf, lockOpenBasket } from "./baskets";
import { holdUnits, releaseLineHolds } from "../inventory/holds";
import { freeStock } from "./evaluate-lines";
import { unpurchasable } from "./line-rules";
import { productCharge } from "./line-pricing";
import { loadBasketFacts } from "./load-facts";
import { basketLines } from "./schema";

/**
 * When the countdown runs out the shopper's items are no longer reserved; refreshing holds each line
 * again for a new reservation time if its stock is still free, and lets go of lines that are not.
 * Returns whether every line is held again (availability confirmed).
 */
export async function refreshHolds(db: Db, token: string, actor: BasketActor): Promise<{ allHeld: boolean }> {
  return db.transaction(async (tx) => {
    const basket = await lockOpenBasket(tx, token, actor);
    const lines = (await linesOf(tx, basket.id)).filter((line) => line.kind === "deal" && line.productId !== null && line.quantity > 0);
    const facts = await loadBasketFacts(tx, {
      basketId: basket.id,
      productIds: lines.map((line) => line.productId!),
      customerId: actor.customer?.id ?? null,
      countryCode: actor.brand.countryCode,
      now: actor.now,
      lock: true,
      lines,
    });
    const context = { now: actor.now, currency: basket.currency, vip: actor.customer?.vip ?? false };
    const expiresAt = new Date(actor.now.getTime() + actor.holdMs);
    const takenByEarlierLines = new Map<number, number>();
    let allHeld = true;
    for (const line of lines) {
      const product = facts.products.get(line.productId!) ?? null;
      const lineStay = facts.stays?.get(line.id);
      if (lineStay?.kind === "dated") {
        // A stay holds its nights again only if every night still has its rooms free.
        await releaseLineHolds(tx, line.id);
        if (!product || unpurchasable(product, context) || !lineStay.stay.ok) {
          allHeld = false;
          continue;
        }
        for (const night of lineStay.stay.nights) {
          await holdUnits(tx, { basketId: basket.id, basketLineId: line.id, productId: product.id, night, quantity: lineStay.stay.rooms, expiresAt });
        }
        continue;
      }
      const taken = takenByEarlierLines.get(line.productId!) ?? 0;
      const free = product ? freeStock(product, facts) : 0;
      if (!product || unpurchasable(product, context) || (free !== null && free - taken < line.quantity)) {
        await releaseLineHolds(tx, line.id);
        allHeld = false;
        continue;
      }
      takenByEarlierLines.set(product.id, taken + line.quantity);
      // Held again: at today's price, which the line keeps while this hold lasts.
      await tx.update(basketLines).set({ reservedPrice: productCharge(product, context.vip).price, updatedAt: actor.now }).where(eq(basketLines.id, line.id));
      await holdUnits(tx, { basketId: basket.id, basketLineId: line.id, productId: product.id, quantity: line.quantity, expiresAt });
    }
    return { allHeld };
  });
}
