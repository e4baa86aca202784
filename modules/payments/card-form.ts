/**
 * The card form's rules (spec transactions §5, card messages). Pure and dependency-free so the
 * browser runs the same checks before it asks the gateway for a nonce, and the sandbox gateway
 * runs them again on what it receives.
 */

export type CardBrand = "visa" | "mastercard" | "amex" | "diners" | "other";

export const CARD_FORM_MESSAGES = {
  NUMBER_INVALID: "Hmm. That card number doesn't look right",
  BRAND_NOT_ACCEPTED: "Sorry, we currently only accept Visa and MasterCard",
  EXPIRY_INVALID: "This expiry date is not valid",
  EXPIRED: "Card Expired",
  SECURITY_CODE_REQUIRED: "Security code is required",
  SECURITY_CODE_INVALID: "Security code must be 3 numbers",
  POSTAL_CODE_REQUIRED: "Postal code is required",
} as const;

export interface CardForm {
  number: string;
  /** As typed: "MM/YY", "MM / YY" or "MM/YYYY". */
  expiry: string;
  securityCode: string;
  postalCode: string;
}

export type CardFormErrors = Partial<Record<keyof CardForm, string>>;

export interface ValidCard {
  number: string;
  brand: "visa" | "mastercard";
  expiryMonth: number;
  expiryYear: number;
  securityCode: string;
  postalCode: string;
}

/** Digits only: people type spaces and dashes between the groups. */
export function normaliseCardNumber(input: string): string {
  return input.replace(/[\s-]/g, "");
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^(30[0-5]|309|36|3[89])/.test(digits)) return "diners";
  return "other";
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Month and four-digit year from "MM/YY" or "MM/YYYY", or null when it is not a date. */
export function parseExpiry(input: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is valid to the end of its expiry month. */
export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const currentYear = now.getUTCFullYear();
  const currentMonth = now.getUTCMonth() + 1;
  return expiry.year < currentYear || (expiry.year === currentYear && expiry.month < currentMonth);
}

/** Checks a card form; either the card ready to tokenise or the message for each wrong field. */
export function validateCardForm(form: CardForm, now: Date): { ok: true; card: ValidCard } | { ok: false; errors: CardFormErrors } {
  const errors: CardFormErrors = {};
  const digits = normaliseCardNumber(form.number);
  const brand = cardBrand(digits);
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    errors.number = CARD_FORM_MESSAGES.NUMBER_INVALID;
  } else if (brand !== "visa" && brand !== "mastercard") {
    errors.number = CARD_FORM_MESSAGES.BRAND_NOT_ACCEPTED;
  }

  const expiry = parseExpiry(form.expiry);
  if (!expiry) errors.expiry = CARD_FORM_MESSAGES.EXPIRY_INVALID;
  else if (isExpired(expiry, now)) errors.expiry = CARD_FORM_MESSAGES.EXPIRED;

  const securityCode = form.securityCode.trim();
  if (securityCode === "") errors.securityCode = CARD_FORM_MESSAGES.SECURITY_CODE_REQUIRED;
  else if (!/^\d{3}$/.test(securityCode)) errors.securityCode = CARD_FORM_MESSAGES.SECURITY_CODE_INVALID;

  const postalCode = form.postalCode.trim();
  if (postalCode === "") errors.postalCode = CARD_FORM_MESSAGES.POSTAL_CODE_REQUIRED;

  if (Object.keys(errors).length > 0 || !expiry || (brand !== "visa" && brand !== "mastercard")) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    card: { number: digits, brand, expiryMonth: expiry.month, expiryYear: expiry.year, securityCode, postalCode },
  };
}
