import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { findGiftPresets } from "../catalog/gift-presets";
import { releaseLineHolds } from "../inventory/holds";
import { type Basket, type BasketActor, linesOf, lockOpenBasket, touchBasket } from "./baskets";
import type { BasketLine } from "./evaluate-lines";
import { BasketError } from "./errors";
import { moveGiftUnits } from "./gift-lines";
import { giftFields, isPresetType } from "./gifting";
import { basketLines } from "./schema";

/**
 * DELETE basket/{token}/product/{id}: the line goes, and with it the stock it held; a wrapped or
 * packed item leaves its gift type, so its units leave the wrap or pack line (./gift-lines.ts); the
 * wrap or a pack line removed itself leaves the items it served plain gifts.
 * Answers with the basket and the lines left, as the transaction saw them (the basket was locked).
 */
export async function removeLine(db: Db, token: string | null, lineId: number | null, actor: BasketActor): Promise<{ basket: Basket; lines: BasketLine[] }> {
  if (token === null || lineId === null) throw new BasketError("ARGS_MALFORMED");
  return db.transaction(async (tx) => {
    const basket = await lockOpenBasket(tx, token, actor);
    const [removed] = await tx
      .delete(basketLines)
      .where(and(eq(basketLines.id, lineId), eq(basketLines.basketId, basket.id)))
      .returning();
    if (!removed) throw new BasketError("LINE_NOT_FOUND");
    await releaseLineHolds(tx, lineId);
    const type = removed.gifting?.type ?? "NONE";
    const presets = await findGiftPresets(tx, actor.brand.countryCode);
    if (isPresetType(type)) {
      const gift = { from: type, to: "NONE" as const, fromQuantity: removed.quantity, toQuantity: 0 };
      await moveGiftUnits(tx, basket, actor, { lines: await linesOf(tx, basket.id), presets, gift });
    }
    // The wrap or a pack line itself removed: the items it served are plain gifts now, not wrapped or packed.
    const removedPreset = [...presets.values()].find((preset) => preset.productId === removed.productId);
    if (removedPreset) {
      for (const line of await tx.select().from(basketLines).where(eq(basketLines.basketId, basket.id))) {
        if (line.gifting?.type !== removedPreset.preset) continue;
        const fields = giftFields({ ...line.gifting, type: "GIFT" });
        await tx.update(basketLines).set({ ...fields, updatedAt: actor.now }).where(eq(basketLines.id, line.id));
      }
    }
    await touchBasket(tx, basket.id, actor.now);
    return { basket: { ...basket, updatedAt: actor.now }, lines: await linesOf(tx, basket.id) };
  });
}
