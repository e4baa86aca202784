import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type BasketActor, linesOf, lockOpenBasket, touchBasket } from "./baskets";
import { assertQuantity, type LineInput, lineDetails, putDealLine } from "./add-product";
import { BasketError } from "./errors";
import type { BasketLine } from "./evaluate-lines";
import { giftFields } from "./gifting";
import { basketLines } from "./schema";

export type LinePatch = Partial<Omit<LineInput, "productId">>;

/**
 * PATCH basket/{token}/product/{id}: a new quantity is checked against every cap and re-holds the
 * stock; deposit and delivery option are stored as given; a gift choice (`gifting`) follows the gift
 * type switching rules (./gifting.ts) and sets gift, giftWrap and giftPack with it.
 */
export async function updateLine(db: Db, token: string, lineId: number, change: LinePatch, actor: BasketActor): Promise<BasketLine> {
  if (change.quantity !== undefined) assertQuantity(change.quantity);
  const patch: LinePatch = change.gifting === undefined ? change : { ...change, ...giftFields(change.gifting) };
  return db.transaction(async (tx) => {
    const basket = await lockOpenBasket(tx, token, actor);
    const lines = await linesOf(tx, basket.id);
    const existing = lines.find((line) => line.id === lineId);
    if (!existing) throw new BasketError("LINE_NOT_FOUND");
    let updated: BasketLine;
    if (existing.kind === "deal" && existing.productId !== null && (patch.quantity !== undefined || patch.payDeposit !== undefined)) {
      const others = lines.filter((line) => line.id !== lineId);
      const input = { ...patch, productId: existing.productId, quantity: patch.quantity ?? existing.quantity };
      updated = await putDealLine(tx, basket, actor, { existing, others, input, quantity: input.quantity });
    } else {
      const details = lineDetails({ ...patch, quantity: undefined });
      [updated] = await tx.update(basketLines).set({ ...details, updatedAt: actor.now }).where(eq(basketLines.id, lineId)).returning();
    }
    await touchBasket(tx, basket.id, actor.now);
    return updated;
  });
}
