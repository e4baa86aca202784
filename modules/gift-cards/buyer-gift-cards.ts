import { and, asc, eq, isNull, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Currency } from "../../lib/money";
import { type GiftCardStatus, giftCards } from "./schema";

export interface BoughtGiftCard {
  id: number;
  amount: number;
  currency: Currency;
  recipientName: string | null;
  /** Null for a card the buyer prints. */
  recipientEmail: string | null;
  message: string | null;
  status: GiftCardStatus;
  expiresAt: Date;
  /** Only for a card the buyer prints: an emailed card's code is the recipient's alone. */
  code: string | null;
}

/** The gift cards an order bought, for its buyer only (anyone else gets none); a voided card is left out (a replacement takes its place). */
export async function orderGiftCards(db: Db, buyerCustomerId: number, orderId: number): Promise<BoughtGiftCard[]> {
  const rows = await db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.orderId, orderId), eq(giftCards.buyerCustomerId, buyerCustomerId), ne(giftCards.status, "VOIDED")))
    .orderBy(asc(giftCards.id));
  return rows.map((card) => ({
    id: card.id,
    amount: card.amount,
    currency: card.currency,
    recipientName: card.recipientName,
    recipientEmail: card.recipientEmail,
    message: card.message,
    status: card.status,
    expiresAt: card.expiresAt,
    code: card.recipientEmail ? null : card.code,
  }));
}

/** A card its buyer prints (no recipient email): for its buyer only, else null; null too once voided (its code no longer works). */
export async function findPrintableGiftCard(db: Db, buyerCustomerId: number, giftCardId: number) {
  const [card] = await db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.id, giftCardId), eq(giftCards.buyerCustomerId, buyerCustomerId), isNull(giftCards.recipientEmail), ne(giftCards.status, "VOIDED")));
  return card ?? null;
}
