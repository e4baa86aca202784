import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { enqueue } from "../mail/outbox";
import { type Actor, recordInitialStatus, transition } from "../states/transition";
import { newGiftCardCode } from "./gift-card-codes";
import { giftCardEmail, printableGiftCardEmail } from "./gift-card-email";
import { GIFT_CARD_PROCESS } from "./gift-card-process";
import { printUrl, redeemUrl } from "./issue-gift-cards";
import { giftCards } from "./schema";

export type GiftCardRow = typeof giftCards.$inferSelect;

interface StaffChange {
  actor: Actor;
  at: Date;
  reason: string;
}

/** A gift card its buyer bought, locked (SELECT … FOR UPDATE) until the transaction ends; null for anyone else's. */
export async function lockBoughtGiftCard(tx: Db, buyerCustomerId: number, giftCardId: number): Promise<GiftCardRow | null> {
  const [card] = await tx
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.id, giftCardId), eq(giftCards.buyerCustomerId, buyerCustomerId)))
    .for("update");
  return card ?? null;
}

/**
 * Voids an ISSUED gift card (locked by the caller): its code is refused at redemption from now on
 * ("not recognized", like a used one), with the reason in its status history.
 */
export async function voidGiftCard(tx: Db, card: GiftCardRow, change: StaffChange): Promise<void> {
  await transition(tx, GIFT_CARD_PROCESS, { id: card.id, from: "ISSUED", to: "VOIDED", actor: change.actor, at: change.at, reason: change.reason });
}

/**
 * Voids an ISSUED gift card (locked by the caller) and issues its replacement in the same
 * transaction: the same amount, currency, order, recipient, message and expiry, a new code (drawn
 * again on the rare collision), and the email a bought card gets queued again: the new code to the
 * recipient, or the printable card's link to the buyer.
 */
export async function reissueGiftCard(
  tx: Db,
  card: GiftCardRow,
  change: StaffChange & { brand: BrandId; senderName: string; buyerEmail: string; linkOrigin: string; clock: Clock },
): Promise<{ id: number; code: string }> {
  await voidGiftCard(tx, card, change);
  const { id: _id, code: _code, status: _status, redeemedAt: _redeemedAt, redeemedByCustomerId: _redeemedBy, createdAt: _createdAt, ...kept } = card;
  let replacement: GiftCardRow | undefined;
  while (!replacement) {
    [replacement] = await tx
      .insert(giftCards)
      .values({ ...kept, code: newGiftCardCode(), status: "ISSUED", createdAt: change.at })
      .onConflictDoNothing({ target: giftCards.code })
      .returning();
  }
  await recordInitialStatus(tx, GIFT_CARD_PROCESS, [replacement], { actor: change.actor, at: change.at, reason: change.reason, data: { replaces: card.id } });
  const email = replacement.recipientEmail
    ? giftCardEmail({
        brand: change.brand,
        senderName: change.senderName,
        recipientName: replacement.recipientName ?? "",
        recipientEmail: replacement.recipientEmail,
        amount: replacement.amount,
        currency: replacement.currency,
        code: replacement.code,
        message: replacement.message,
        expiresAt: replacement.expiresAt,
        redeemUrl: redeemUrl(change.linkOrigin),
      })
    : printableGiftCardEmail({
        brand: change.brand,
        to: change.buyerEmail,
        amount: replacement.amount,
        currency: replacement.currency,
        printUrl: printUrl(change.linkOrigin, replacement.id),
        expiresAt: replacement.expiresAt,
      });
  await enqueue(tx, email, change.clock);
  return { id: replacement.id, code: replacement.code };
}
