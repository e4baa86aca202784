import type { Db } from "../../db/client";
import { expireDueStatus } from "../jobs/expire-due";
import type { Actor } from "../states/transition";
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
  return expireDueStatus(db, {
    process: GIFT_CARD_PROCESS,
    expiresAt: giftCards.expiresAt,
    from: "ISSUED",
    to: "EXPIRED",
    now,
    actor: GIFT_CARD_EXPIRY_ACTOR,
    reason: "6 months since purchase",
    batchSize,
  });
}
