import { and, asc, eq, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type Actor, transition } from "../states/transition";
import { GIFT_CARD_PROCESS } from "./gift-card-process";
import { giftCards } from "./schema";

/** Cards expired per transaction: short row locks, and a crash loses at most one batch's work. */
export const GIFT_CARD_EXPIRY_BATCH_SIZE = 200;

export const GIFT_CARD_EXPIRY_ACTOR: Actor = { type: "system", id: "gift-card-expiry" };

/**
 * Moves every issued gift card past its expiry (6 months after purchase) to Expired, a history row
 * each, a batch per transaction along the partial index gift_cards_expiry_idx. Rows another
 * instance (or a redemption) holds are skipped and left to the next run; a card redeemed meanwhile
 * is no longer issued. Running it again changes nothing. Answers how many expired.
 */
export async function expireGiftCards(db: Db, now: Date, batchSize = GIFT_CARD_EXPIRY_BATCH_SIZE): Promise<number> {
  let expired = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: giftCards.id })
        .from(giftCards)
        .where(and(eq(giftCards.status, "ISSUED"), lte(giftCards.expiresAt, now)))
        .orderBy(asc(giftCards.expiresAt))
        .limit(batchSize)
        .for("update", { skipLocked: true });
      for (const { id } of due) {
        await transition(tx, GIFT_CARD_PROCESS, { id, from: "ISSUED", to: "EXPIRED", actor: GIFT_CARD_EXPIRY_ACTOR, at: now, reason: "6 months since purchase" });
      }
      return due.length;
    });
    expired += batch;
    if (batch < batchSize) return expired;
  }
}
