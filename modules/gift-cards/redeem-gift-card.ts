import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type Currency, formatMoney } from "../../lib/money";
import { type Actor, transition } from "../states/transition";
import { addWalletCredit } from "../wallet/wallet";
import { giftCardError } from "./errors";
import { typedGiftCardCode } from "./gift-card-codes";
import { GIFT_CARD_PROCESS } from "./gift-card-process";
import { giftCards } from "./schema";

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });
const SITE_OF: Record<Currency, string> = { GBP: "in pounds: please redeem it on our UK website", EUR: "in euro: please redeem it on our Irish website" };

export interface RedeemedGiftCard {
  giftCardId: number;
  amount: number;
  currency: Currency;
}

/**
 * Redeems a gift card into the shopper's wallet: the code exactly as typed (case-sensitive), the
 * card locked (SELECT … FOR UPDATE) so two sessions redeeming one code at once credit once: the
 * second finds it redeemed. Unknown, used and voided codes are the same "not recognized"; a card past its
 * expiry is refused even before the expiry job has marked it; a card in another currency than the
 * site's is refused without being used (wallets are per brand: docs/decisions/gift-cards.md). The
 * credit is refundable, expires like all credit (12 months), and names the card.
 */
export async function redeemGiftCard(db: Db, request: { customerId: number; currency: Currency; code: string; at: Date; actor: Actor }): Promise<RedeemedGiftCard> {
  const code = typedGiftCardCode(request.code);
  if (code === null) throw giftCardError("NOT_RECOGNIZED");
  return db.transaction(async (tx) => {
    const [card] = await tx.select().from(giftCards).where(eq(giftCards.code, code)).for("update");
    if (!card || card.status === "REDEEMED" || card.status === "VOIDED") throw giftCardError("NOT_RECOGNIZED");
    if (card.status === "EXPIRED" || card.expiresAt.getTime() <= request.at.getTime()) {
      throw giftCardError("EXPIRED", undefined, `This gift card expired on ${dateFormat.format(card.expiresAt)} and can no longer be redeemed.`);
    }
    if (card.currency !== request.currency) throw giftCardError("OTHER_CURRENCY", undefined, `This gift card is ${SITE_OF[card.currency]}.`);
    await transition(tx, GIFT_CARD_PROCESS, {
      id: card.id,
      from: "ISSUED",
      to: "REDEEMED",
      actor: request.actor,
      at: request.at,
      set: { redeemedByCustomerId: request.customerId, redeemedAt: request.at },
    });
    await addWalletCredit(tx, {
      customerId: request.customerId,
      currency: card.currency,
      balanceType: "refundable",
      amount: card.amount,
      reason: "gift_card",
      description: `${formatMoney(card.amount, card.currency)} gift card`,
      at: request.at,
      giftCardId: card.id,
    });
    return { giftCardId: card.id, amount: card.amount, currency: card.currency };
  });
}
