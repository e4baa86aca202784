import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type BasketActor, lockOpenBasket, touchBasket } from "./baskets";
import type { BasketLine } from "./evaluate-lines";
import { VIP_ADDON_PRICE } from "./line-pricing";
import { type AddonType, basketLines } from "./schema";

/**
 * POST basket/{token}/addon: the VIP one-year add-on (VVE). A basket holds it once; adding it
 * again keeps the single line.
 */
export async function addAddon(db: Db, token: string, addon: { addonType: AddonType }, actor: BasketActor): Promise<BasketLine> {
  return db.transaction(async (tx) => {
    const basket = await lockOpenBasket(tx, token, actor);
    const [existing] = await tx
      .select()
      .from(basketLines)
      .where(and(eq(basketLines.basketId, basket.id), eq(basketLines.kind, "addon"), eq(basketLines.addonType, addon.addonType)));
    if (existing) return existing;
    const [line] = await tx
      .insert(basketLines)
      .values({
        basketId: basket.id,
        kind: "addon",
        addonType: addon.addonType,
        quantity: 1,
        reservedPrice: VIP_ADDON_PRICE[basket.currency],
        createdAt: actor.now,
        updatedAt: actor.now,
      })
      .returning();
    await touchBasket(tx, basket.id, actor.now, { eligibleForVip: true });
    return line;
  });
}
