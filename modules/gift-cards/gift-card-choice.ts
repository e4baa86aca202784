import { addMonths } from "date-fns";
import type { DomainError } from "../../lib/errors";
import { type Currency, formatMoney } from "../../lib/money";
import { giftCardError } from "./errors";

/** The amounts offered as buttons, in minor units of the brand's currency (docs/decisions/gift-cards.md). */
export const GIFT_CARD_AMOUNTS = [1000, 2500, 5000, 10000] as const;
/** A custom amount: whole pounds or euro from 5 to 500. */
export const GIFT_CARD_MIN_AMOUNT = 500;
export const GIFT_CARD_MAX_AMOUNT = 50_000;
/** Spec §9: an unredeemed gift card expires 6 months after purchase. */
export const GIFT_CARD_VALIDITY_MONTHS = 6;
/** The same limit as a gift message on a deal (the spec shows a counter, not the limit). */
export const GIFT_CARD_MESSAGE_LIMIT = 250;
export const GIFT_CARD_NAME_LIMIT = 100;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function giftCardExpiry(purchasedAt: Date): Date {
  return addMonths(purchasedAt, GIFT_CARD_VALIDITY_MONTHS);
}

/** How the card reaches the recipient: emailed to them, or printed by the buyer to hand over. */
export type GiftCardDelivery = "email" | "print";

export interface GiftCardChoice {
  amount: number;
  delivery: GiftCardDelivery;
  recipientName: string | null;
  recipientEmail: string | null;
  message: string | null;
}

export type GiftCardField = "amount" | "delivery" | "recipientName" | "recipientEmail" | "message";

const clean = (text: string | null | undefined) => text?.trim() || null;

export function amountOutOfRange(currency: Currency): DomainError {
  return giftCardError(
    "AMOUNT_OUT_OF_RANGE",
    undefined,
    `Please choose an amount between ${formatMoney(GIFT_CARD_MIN_AMOUNT, currency)} and ${formatMoney(GIFT_CARD_MAX_AMOUNT, currency)}`,
  );
}

/** Whether an amount can be a gift card's: whole pounds or euro within the bounds. */
export function isGiftCardAmount(amount: number): boolean {
  return Number.isInteger(amount) && amount % 100 === 0 && amount >= GIFT_CARD_MIN_AMOUNT && amount <= GIFT_CARD_MAX_AMOUNT;
}

/**
 * Checks a shopper's gift card as they filled it in: the amount within bounds, how it is sent; for an emailed
 * card the recipient's name and a valid email; a message within its limit. Every problem is
 * answered by field, so a form can show them all at once.
 */
export function checkGiftCardChoice(
  input: { amount: number | null; delivery: GiftCardDelivery | null; recipientName?: string | null; recipientEmail?: string | null; message?: string | null },
  currency: Currency,
): { ok: true; choice: GiftCardChoice } | { ok: false; errors: Partial<Record<GiftCardField, DomainError>> } {
  const errors: Partial<Record<GiftCardField, DomainError>> = {};
  const name = clean(input.recipientName);
  const email = input.delivery === "email" ? clean(input.recipientEmail) : null;
  const message = clean(input.message);
  if (input.amount === null || !isGiftCardAmount(input.amount)) errors.amount = amountOutOfRange(currency);
  if (input.delivery === null) errors.delivery = giftCardError("DELIVERY_REQUIRED");
  if ((input.delivery === "email" && !name) || (name && name.length > GIFT_CARD_NAME_LIMIT)) errors.recipientName = giftCardError("RECIPIENT_NAME_REQUIRED");
  if (input.delivery === "email" && (!email || email.length > 254 || !EMAIL_PATTERN.test(email))) errors.recipientEmail = giftCardError("RECIPIENT_EMAIL_INVALID");
  if (message && message.length > GIFT_CARD_MESSAGE_LIMIT) errors.message = giftCardError("MESSAGE_TOO_LONG");
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    choice: { amount: input.amount!, delivery: input.delivery!, recipientName: name, recipientEmail: email?.toLowerCase() ?? null, message },
  };
}
