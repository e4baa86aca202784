import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type BasketActor, lockOpenBasket, touchBasket } from "./baskets";
import type { BasketLine } from "./evaluate-lines";
import { addonPrice } from "./line-pricing";
import { type AddonType, basketLines } from "./schema";

const addonLine = (basketId: number, addonType: AddonType) =>
  and(eq(basketLines.basketId, basketId), eq(basketLines.kind, "addon"), eq(basketLines.addonType, addonType));

/**
 * POST basket/{token}/addon: the VIP one-year add-on (VVE) or deal protection for the order (DVP).
 * A basket holds each once; adding it again keeps the single line. Only VVE marks the basket
 * eligible for VIP.
 */
export async function addAddon(db: Db, token: string, addon: { addonType: AddonType }, actor: BasketActor): Promise<BasketLine> {
  return db.transaction(async (tx) => {
    const basket = await lockOpenBasket(tx, token, actor);
    const [existing] = await tx.select().from(basketLines).where(addonLine(basket.id, addon.addonType));
    if (existing) return existing;
    const [line] = await tx
      .insert(basketLines)
      .values({
        basketId: basket.id,
        kind: "addon",
        addonType: addon.addonType,
        quantity: 1,
        reservedPrice: addonPrice(addon.addonType, basket.currency),
        createdAt: actor.now,
        updatedAt: actor.now,
      })
      .returning();
    await touchBasket(tx, basket.id, actor.now, addon.addonType === "VVE" ? { eligibleForVip: true } : {});
    return line;
  });
}

/** Takes an add-on out of the basket again (nothing happens when it is not there). */
export async function removeAddon(db: Db, token: string, addonType: AddonType, actor: BasketActor): Promise<void> {
  await db.transaction(async (tx) => {
    const basket = await lockOpenBasket(tx, token, actor);
    await tx.delete(basketLines).where(addonLine(basket.id, addonType));
    await touchBasket(tx, basket.id, actor.now);
  });
}
