import type { CardForm, CardFormErrors } from "../../../modules/payments/card-form";
import type { PaymentMethod } from "../../../modules/payments/provider";
import type { SandboxWalletScenario } from "../../../modules/payments/sandbox/test-cards";
import { apiFetch } from "../../visitor-session";
import type { DeliveryDetails } from "./types";

/** A fresh random key for one checkout attempt (works on plain http too, where randomUUID is absent). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `checkout-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

export type TokenizeAnswer = { ok: true; nonce: string } | { ok: false; errors: CardFormErrors; message: string };

/**
 * Hands the card to the payment gateway (the sandbox gateway's tokenise endpoint, as a real
 * gateway's hosted fields would) and gets a one-time nonce: the shop's own API only ever sees that.
 */
export async function tokenizeCard(card: CardForm): Promise<TokenizeAnswer> {
  const response = await fetch("/sandbox-gateway/v1/tokenize", {
    method: "POST",
    credentials: "omit",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(card),
  });
  const body = (await response.json().catch(() => null)) as { nonce?: string; errors?: CardFormErrors; error?: { message: string } } | null;
  if (response.ok && body?.nonce) return { ok: true, nonce: body.nonce };
  return { ok: false, errors: body?.errors ?? {}, message: body?.error?.message ?? "Payment failed." };
}

/** The methods that pay through a wallet's own approval instead of the card form. */
export type AlternativeMethod = Exclude<PaymentMethod, "card">;

/**
 * The wallet's approval step (PayPal's window, the Google Pay sheet, …) as the sandbox gateway's
 * test mode runs it: the browser asks the gateway for a one-time nonce saying how the wallet
 * answered. Null when the gateway cannot be reached.
 */
export async function approveWithWallet(method: AlternativeMethod, scenario: SandboxWalletScenario): Promise<string | null> {
  const response = await fetch("/sandbox-gateway/v1/wallet-nonce", {
    method: "POST",
    credentials: "omit",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ method, scenario }),
  });
  const body = (await response.json().catch(() => null)) as { nonce?: string } | null;
  return response.ok && body?.nonce ? body.nonce : null;
}

export type PlaceOrderAnswer =
  | { ok: true; orderId: number }
  /** The card's bank wants the shopper to confirm first (3-D Secure): the browser goes to `url`. */
  | { ok: "requires_action"; url: string }
  | { ok: false; status: number; code: string; message: string };

/** POST /v1/checkout/{token}/order: the same key twice (double click, retry) places one order. */
export type OrderPayment = { instrument: "NEW"; nonce: string; save: boolean } | { instrument: "EXISTING"; instrumentId: number } | { instrument: "NONE" };

export async function submitOrder(
  basketToken: string,
  idempotencyKey: string,
  body: { method: PaymentMethod; payment: OrderPayment; details: DeliveryDetails; ageConfirmed?: boolean; vipRenewal?: boolean },
): Promise<PlaceOrderAnswer> {
  const { payment } = body;
  const response = await apiFetch(`/v1/checkout/${encodeURIComponent(basketToken)}/order`, {
    method: "POST",
    headers: { "idempotency-key": idempotencyKey },
    json: {
      paymentMethod: body.method,
      ageConfirmed: body.ageConfirmed,
      vipRenewal: body.vipRenewal,
      instrument: payment.instrument,
      paymentNonce: payment.instrument === "NEW" ? payment.nonce : undefined,
      saveInstrument: payment.instrument === "NEW" ? payment.save : undefined,
      instrumentId: payment.instrument === "EXISTING" ? payment.instrumentId : undefined,
      details: { ...body.details, addressLine2: body.details.addressLine2.trim() || null },
    },
  });
  const answer = (await response.json().catch(() => null)) as { productOrder?: { id: number }; requiresAction?: { url: string }; error?: { code: string; message: string } } | null;
  if (response.status === 201 && answer?.productOrder) return { ok: true, orderId: answer.productOrder.id };
  if (response.status === 202 && answer?.requiresAction) return { ok: "requires_action", url: answer.requiresAction.url };
  return {
    ok: false,
    status: response.status,
    code: answer?.error?.code ?? "ORDER_FAILED",
    message: answer?.error?.message ?? "An error occured, your purchase has not been completed.",
  };
}
