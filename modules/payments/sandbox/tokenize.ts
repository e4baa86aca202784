import { randomBytes } from "node:crypto";
import type { Db } from "../../../db/client";
import type { Clock } from "../../../lib/clock";
import { type CardForm, type CardFormErrors, validateCardForm } from "../card-form";
import type { CardType, PaymentMethod } from "../provider";
import { type SandboxOutcome, sandboxNonces } from "./schema";
import { type SandboxWalletScenario, testCardOutcome } from "./test-cards";

/** Nonces are short-lived, as a real gateway's are. */
export const NONCE_LIFETIME_MS = 3 * 60 * 60 * 1000;

export type TokenizeResult = { ok: true; nonce: string; cardType: CardType | null; last4: string | null } | { ok: false; errors: CardFormErrors };

async function issueNonce(db: Db, clock: Clock, values: Omit<typeof sandboxNonces.$inferInsert, "nonce" | "createdAt" | "expiresAt">) {
  const now = clock.now();
  const nonce = `sandbox_${randomBytes(24).toString("base64url")}`;
  await db.insert(sandboxNonces).values({ ...values, nonce, createdAt: now, expiresAt: new Date(now.getTime() + NONCE_LIFETIME_MS) });
  return nonce;
}

/**
 * The sandbox gateway's card tokenisation: checks the card as the form does, decides the test
 * outcome from the number, and keeps only the brand, the last four digits and the expiry.
 */
export async function tokenizeCard(db: Db, clock: Clock, form: CardForm): Promise<TokenizeResult> {
  const checked = validateCardForm(form, clock.now());
  if (!checked.ok) return checked;
  const { card } = checked;
  const cardType: CardType = card.brand === "visa" ? "Visa" : "MasterCard";
  const last4 = card.number.slice(-4);
  const nonce = await issueNonce(db, clock, {
    method: "card",
    cardType,
    last4,
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
    outcome: testCardOutcome(card.number),
  });
  return { ok: true, nonce, cardType, last4 };
}

const WALLET_REJECTION: Record<Exclude<PaymentMethod, "card">, SandboxOutcome> = {
  paypal: "PAYPAL_REJECTED",
  paypal_credit: "PAYPAL_REJECTED",
  google: "DECLINED_BY_BANK",
  apple: "DECLINED_BY_BANK",
  klarna: "KLARNA_REJECTED",
  clearpay: "CLEARPAY_REJECTED",
};

/** A sandbox wallet (PayPal, Google Pay, …) approving, rejecting or not answering. */
export async function tokenizeWallet(
  db: Db,
  clock: Clock,
  request: { method: Exclude<PaymentMethod, "card">; scenario: SandboxWalletScenario },
): Promise<{ ok: true; nonce: string }> {
  const outcome: SandboxOutcome =
    request.scenario === "approve" ? "APPROVED" : request.scenario === "reject" ? WALLET_REJECTION[request.method] : "PROVIDER_UNAVAILABLE";
  const nonce = await issueNonce(db, clock, { method: request.method, outcome });
  return { ok: true, nonce };
}
