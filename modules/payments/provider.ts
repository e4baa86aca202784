import type { Currency } from "../../lib/money";
import type { DeclineCode } from "./errors";

/** Spec §3 method keys (apple_pay, credit_card, …) by their short names. */
export const PAYMENT_METHODS = ["card", "paypal", "paypal_credit", "google", "apple", "klarna", "clearpay"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export type CardType = "Visa" | "MasterCard";

/** What pays: a one-time nonce from the browser, or an instrument saved earlier (vaulted). */
export type PaymentSource = { kind: "nonce"; nonce: string } | { kind: "vaulted"; token: string };

export interface PaymentDetails {
  method: PaymentMethod;
  /** "Visa" or "MasterCard" for cards, null for wallets such as PayPal. */
  cardType: CardType | null;
  last4: string | null;
  expiryMonth: number | null;
  expiryYear: number | null;
}

export type Declined = { ok: false; decline: DeclineCode };

export type AuthorizeResult = ({ ok: true; authorizationId: string } & PaymentDetails) | Declined;
export type VaultResult = ({ ok: true; token: string } & PaymentDetails) | Declined;

/** What the gateway holds for an authorization it made. */
export interface AuthorizationState {
  authorizationId: string;
  status: "authorized" | "captured" | "voided";
}

/**
 * A payment gateway. Every call that moves money carries an idempotency key: repeating a call with
 * the same key returns the first call's result and never moves money twice.
 */
export interface PaymentProvider {
  readonly name: string;
  authorize(request: {
    idempotencyKey: string;
    amount: number;
    currency: Currency;
    source: PaymentSource;
    /** The gateway's customer reference, so vaulted instruments are only usable by their owner. */
    customerRef: string | null;
  }): Promise<AuthorizeResult>;
  capture(request: { idempotencyKey: string; authorizationId: string; amount: number }): Promise<{ ok: true } | Declined>;
  void(request: { idempotencyKey: string; authorizationId: string }): Promise<void>;
  /**
   * The authorization an authorize call with this key made, if the gateway made one: how an
   * authorization whose answer never reached us (a crash, a lost connection) is found and voided.
   */
  findAuthorization(request: { idempotencyKey: string }): Promise<AuthorizationState | null>;
  refund(request: { idempotencyKey: string; authorizationId: string; amount: number }): Promise<{ ok: true } | Declined>;
  /** Turns a one-time nonce into a reusable instrument token owned by `customerRef`. */
  vault(request: { idempotencyKey: string; nonce: string; customerRef: string }): Promise<VaultResult>;
}
