import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { findGiftPresets } from "../catalog/gift-presets";
import { type BasketActor, linesOf, lockOpenBasket, touchBasket } from "./baskets";
import { assertQuantity, changesStay, type LineInput, lineDetails, putDealLine } from "./add-product";
import { BasketError } from "./errors";
import type { BasketLine } from "./evaluate-lines";
import { moveGiftUnits } from "./gift-lines";
import { giftFields, type GiftToast } from "./gifting";
import { basketLines } from "./schema";

export type LinePatch = Partial<Omit<LineInput, "productId">>;

/**
 * PATCH basket/{token}/product/{id}: a new quantity is checked against every cap and re-holds the
 * stock; deposit and delivery option are stored once checked (an option the product does not
 * offer is refused); a gift choice (`gifting`) follows the gift
 * type switching rules (./gifting.ts): it sets gift, giftWrap and giftPack on the line, and the
 * basket's gift wrap and gift pack lines follow the item's type and quantity (./gift-lines.ts).
 * Answers the line and the toast the change calls for ('Gift Pack Added', 'Gift Wrap Added').
 */
export async function updateLine(db: Db, token: string, lineId: number, change: LinePatch, actor: BasketActor): Promise<{ line: BasketLine; toast: GiftToast | null }> {
  if (change.quantity !== undefined) assertQuantity(change.quantity);
  const presets = await findGiftPresets(db, actor.brand.countryCode);
  const presetIds = Object.fromEntries([...presets].map(([preset, product]) => [preset, product.productId]));
  const patch: LinePatch = change.gifting === undefined ? change : { ...change, ...giftFields(change.gifting, presetIds) };
  return db.transaction(async (tx) => {
    const basket = await lockOpenBasket(tx, token, actor);
    const lines = await linesOf(tx, basket.id);
    const existing = lines.find((line) => line.id === lineId);
    if (!existing) throw new BasketError("LINE_NOT_FOUND");
    // A wrap or a pack is not itself gift-wrapped or packed.
    if (change.gifting !== undefined && [...presets.values()].some((preset) => preset.productId === existing.productId)) throw new BasketError("ARGS_MALFORMED");
    let updated: BasketLine;
    if (existing.kind === "deal" && existing.productId !== null && (patch.quantity !== undefined || patch.payDeposit !== undefined || patch.deliveryOptionType !== undefined || changesStay(patch))) {
      const others = lines.filter((line) => line.id !== lineId);
      const input = { ...patch, productId: existing.productId, quantity: patch.quantity ?? existing.quantity };
      updated = await putDealLine(tx, basket, actor, { existing, others, input, quantity: input.quantity });
    } else {
      const details = lineDetails({ ...patch, quantity: undefined });
      [updated] = await tx.update(basketLines).set({ ...details, updatedAt: actor.now }).where(eq(basketLines.id, lineId)).returning();
    }
    const from = existing.gifting?.type ?? "NONE";
    const toast = await moveGiftUnits(tx, basket, actor, {
      lines: lines.filter((line) => line.id !== lineId),
      presets,
      gift: { from, to: updated.gifting?.type ?? "NONE", fromQuantity: existing.quantity, toQuantity: updated.quantity },
    });
    await touchBasket(tx, basket.id, actor.now);
    return { line: updated, toast };
  });
}
