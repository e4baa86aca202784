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

/**
 * The gateway needs the shopper's browser before it decides (3-D Secure challenge, a redirect, an
 * approval page): send the browser to `url`; it comes back to the `returnUrl` the caller gave, and
 * `completeAction` with `reference` then answers authorized or declined.
 */
export type RequiresAction = { ok: "requires_action"; reference: string; url: string };

/** `completeAction` while the shopper has not finished the action yet. */
export type ActionPending = { ok: "pending"; reference: string };

/** What the gateway holds for an authorization it made (or is waiting to make on a shopper's action). */
export interface AuthorizationState {
  authorizationId: string;
  status: "requires_action" | "authorized" | "captured" | "voided";
}

/** A gateway's notification, once its signature is verified: the id is unique per provider. */
export interface WebhookEvent {
  eventId: string;
  type: string;
  payload: Record<string, unknown>;
}

/** A verified event, or why a delivery is refused (nothing of a refused one is stored). */
export type WebhookVerification = { ok: true; event: WebhookEvent } | { ok: false; reason: string };

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
  /**
   * Like `authorize`, for a caller that can send the shopper's browser somewhere: the gateway may
   * answer `requires_action` instead of deciding at once. (`authorize` itself is for callers with no
   * browser at hand, such as a renewal; there a card that insists on authentication declines with
   * AUTHENTICATION_FAILED, as an off-session payment does at a real gateway.)
   */
  authorizeInteractive(request: {
    idempotencyKey: string;
    amount: number;
    currency: Currency;
    source: PaymentSource;
    customerRef: string | null;
    /** Where the gateway sends the browser back when the action is done. */
    returnUrl: string;
  }): Promise<AuthorizeResult | RequiresAction>;
  /**
   * The answer to an authorization that required action, once the shopper has acted. Idempotent: a
   * repeat with the same key (a double return from the challenge page) answers the same and never
   * makes a second authorization.
   */
  completeAction(request: { idempotencyKey: string; reference: string }): Promise<AuthorizeResult | ActionPending>;
  capture(request: { idempotencyKey: string; authorizationId: string; amount: number }): Promise<{ ok: true } | Declined>;
  void(request: { idempotencyKey: string; authorizationId: string }): Promise<void>;
  /**
   * The authorization an authorize call with this key made, if the gateway made one: how an
   * authorization whose answer never reached us (a crash, a lost connection) is found and voided.
   */
  findAuthorization(request: { idempotencyKey: string }): Promise<AuthorizationState | null>;
  refund(request: { idempotencyKey: string; authorizationId: string; amount: number }): Promise<{ ok: true } | Declined>;
  /**
   * Parses and verifies a webhook delivery from this gateway (its own signature scheme over the
   * raw body, with a timestamp against replays).
   */
  parseWebhook(request: { rawBody: string; header: (name: string) => string | undefined }): WebhookVerification;
  /** Turns a one-time nonce into a reusable instrument token owned by `customerRef`. */
  vault(request: { idempotencyKey: string; nonce: string; customerRef: string }): Promise<VaultResult>;
}
