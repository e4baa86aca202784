import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import type { Currency } from "../../lib/money";
import { enqueue } from "../mail/outbox";
import { type Actor, recordInitialStatus } from "../states/transition";
import { newGiftCardCode } from "./gift-card-codes";
import { giftCardEmail, printableGiftCardEmail } from "./gift-card-email";
import { giftCardExpiry } from "./gift-card-choice";
import { GIFT_CARD_PROCESS } from "./gift-card-process";
import { giftCards } from "./schema";

/** A gift card line of an order just written: its amount, and the recipient (none when the buyer prints it). */
export interface GiftCardLine {
  orderLineId: number;
  amount: number;
  recipientName: string | null;
  recipientEmail: string | null;
  message: string | null;
}

export interface IssuedGiftCard {
  id: number;
  code: string;
  orderLineId: number;
}

/** Where a shopper redeems a gift card, and where its buyer prints one. */
export const redeemUrl = (origin: string) => `${origin}/giftcard/redeem`;
export const printUrl = (origin: string, giftCardId: number) => `${origin}/giftcard/print/${giftCardId}`;

/**
 * One gift card per gift card line, inside the order's transaction: a fresh code (drawn again on
 * the rare collision, so it never fails an order), 6 months to redeem it, its status history
 * started, and its email queued: the code to the recipient, or the printable card's link to the
 * buyer.
 */
export async function issueGiftCards(
  tx: Db,
  order: {
    orderId: number;
    buyerCustomerId: number;
    buyerEmail: string;
    senderName: string;
    brand: BrandId;
    currency: Currency;
    at: Date;
    actor: Actor;
    linkOrigin: string;
    clock: Clock;
    lines: readonly GiftCardLine[];
  },
): Promise<IssuedGiftCard[]> {
  const expiresAt = giftCardExpiry(order.at);
  const issued: (typeof giftCards.$inferSelect)[] = [];
  let remaining = order.lines.map((line) => ({
    orderId: order.orderId,
    orderLineId: line.orderLineId,
    buyerCustomerId: order.buyerCustomerId,
    currency: order.currency,
    amount: line.amount,
    recipientName: line.recipientName,
    recipientEmail: line.recipientEmail,
    message: line.message,
    expiresAt,
    createdAt: order.at,
  }));
  while (remaining.length > 0) {
    const rows = remaining.map((card) => ({ ...card, code: newGiftCardCode() }));
    const inserted = await tx.insert(giftCards).values(rows).onConflictDoNothing({ target: giftCards.code }).returning();
    issued.push(...inserted);
    const insertedCodes = new Set(inserted.map((row) => row.code));
    remaining = rows.filter((row) => !insertedCodes.has(row.code)).map(({ code: _code, ...card }) => card);
  }
  await recordInitialStatus(tx, GIFT_CARD_PROCESS, issued, { actor: order.actor, at: order.at, data: { orderId: order.orderId } });
  for (const card of issued) {
    const email = card.recipientEmail
      ? giftCardEmail({
          brand: order.brand,
          senderName: order.senderName,
          recipientName: card.recipientName ?? "",
          recipientEmail: card.recipientEmail,
          amount: card.amount,
          currency: card.currency,
          code: card.code,
          message: card.message,
          expiresAt,
          redeemUrl: redeemUrl(order.linkOrigin),
        })
      : printableGiftCardEmail({ brand: order.brand, to: order.buyerEmail, amount: card.amount, currency: card.currency, printUrl: printUrl(order.linkOrigin, card.id), expiresAt });
    await enqueue(tx, email, order.clock);
  }
  return issued.map(({ id, code, orderLineId }) => ({ id, code, orderLineId }));
}
