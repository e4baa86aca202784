import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { GIFT_PRESETS, type GiftPreset, type GiftPresetProduct } from "../catalog/gift-presets";
import { releaseLineHolds } from "../inventory/holds";
import { putDealLine } from "./add-product";
import type { Basket, BasketActor } from "./baskets";
import { BasketError } from "./errors";
import type { BasketLine } from "./evaluate-lines";
import { type GiftSwitch, type GiftToast, type PresetUnits, switchGiftUnits } from "./gifting";
import { basketLines } from "./schema";

/** The basket's line of a preset product, if it has one. */
export function presetLine(lines: readonly BasketLine[], preset: GiftPresetProduct | undefined): BasketLine | null {
  return (preset && lines.find((line) => line.kind === "deal" && line.productId === preset.productId)) || null;
}

/**
 * Moves the units of the basket's gift wrap and gift pack lines as one item line's gift choice
 * changed (switchGiftUnits): a line that gains units is held and priced like any product (its
 * stock and caps checked), one left with none is removed and its stock released. Runs in the
 * transaction that changed the item line, on the locked basket. Answers the toast to show.
 */
export async function moveGiftUnits(
  tx: Db,
  basket: Basket,
  actor: BasketActor,
  change: { lines: readonly BasketLine[]; presets: ReadonlyMap<GiftPreset, GiftPresetProduct>; gift: GiftSwitch },
): Promise<GiftToast | null> {
  const units = Object.fromEntries(GIFT_PRESETS.map((preset) => [preset, presetLine(change.lines, change.presets.get(preset))?.quantity ?? 0])) as PresetUnits;
  const moved = switchGiftUnits(units, change.gift);
  for (const preset of GIFT_PRESETS) {
    const wanted = moved.units[preset];
    if (wanted === units[preset]) continue;
    const product = change.presets.get(preset);
    const existing = presetLine(change.lines, product);
    if (wanted === 0) {
      if (!existing) continue;
      await tx.delete(basketLines).where(eq(basketLines.id, existing.id));
      await releaseLineHolds(tx, existing.id);
    } else {
      if (!product) throw new BasketError("ITEM_UNAVAILABLE");
      const others = change.lines.filter((line) => line.id !== existing?.id);
      await putDealLine(tx, basket, actor, { existing, others, input: { productId: product.productId, quantity: wanted }, quantity: wanted });
    }
  }
  return moved.toast;
}
