import { and, count, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { GiftCardChoice } from "../gift-cards/gift-card-choice";
import { type BasketActor, lockOpenBasket, touchBasket } from "./baskets";
import { BasketError } from "./errors";
import type { BasketLine } from "./evaluate-lines";
import { giftCardLineProblem } from "./line-rules";
import { basketLines } from "./schema";

/** Gift cards one basket may hold (one line each): enough for a family, too few to bulk-buy. */
export const GIFT_CARDS_PER_BASKET = 10;

/**
 * A gift card joins the basket as a line of its own (kind gift_card, one card): its amount is the
 * line's price, the recipient and message ride in `gifting` (E_GIFT when emailed, GIFT when the
 * buyer prints it). The choice was checked (../gift-cards/gift-card-choice.ts); the line rules
 * (./line-rules.ts) check it when added and again at every quote.
 */
export async function addGiftCard(db: Db, token: string, choice: GiftCardChoice, actor: BasketActor): Promise<BasketLine> {
  return db.transaction(async (tx) => {
    const basket = await lockOpenBasket(tx, token, actor);
    const [held] = await tx
      .select({ cards: count() })
      .from(basketLines)
      .where(and(eq(basketLines.basketId, basket.id), eq(basketLines.kind, "gift_card")));
    if (held.cards >= GIFT_CARDS_PER_BASKET) throw new BasketError("MAX_QUANTITY_REACHED");
    const card = {
      quantity: 1,
      reservedPrice: choice.amount,
      gifting: {
        gift: true,
        type: choice.delivery === "email" ? ("E_GIFT" as const) : ("GIFT" as const),
        giftPackProductId: null,
        giftProductId: null,
        recipientName: choice.recipientName,
        recipientEmail: choice.recipientEmail,
        message: choice.message,
      },
    };
    // The same rules the checkout's quote runs (./line-rules.ts).
    const problem = giftCardLineProblem(card);
    if (problem) throw problem;
    const [line] = await tx
      .insert(basketLines)
      .values({
        basketId: basket.id,
        kind: "gift_card",
        ...card,
        gift: true,
        sessionPurchaseSource: "gift-card-page",
        createdAt: actor.now,
        updatedAt: actor.now,
      })
      .returning();
    await touchBasket(tx, basket.id, actor.now);
    return line;
  });
}
