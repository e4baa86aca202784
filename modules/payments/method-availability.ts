import type { Currency } from "../../lib/money";
import type { PaymentMethod } from "./provider";

/** Clearpay takes orders from 1 to 1,000 (spec §9), in minor units. */
export const CLEARPAY_MIN_TOTAL = 100;
export const CLEARPAY_MAX_TOTAL = 100_000;
/** PayPal Credit's credit limit (spec §9: 1200), in minor units; offered in sterling only. */
export const PAYPAL_CREDIT_LIMIT = 120_000;

/**
 * The wallets the gateway offers every signed-in customer as an instrument type, saved or not (a
 * new approval each time): PayPal, Google Pay and Apple Pay. Klarna and Clearpay follow their own
 * switches. See docs/decisions/buying-alternative-payments.md.
 */
export const GATEWAY_WALLET_TYPES: readonly PaymentMethod[] = ["paypal", "google", "apple"];

/** The instrument types a signed-in customer can pay with: their saved ones and the gateway's wallets. */
export function offeredInstrumentTypes(saved: readonly PaymentMethod[]): PaymentMethod[] {
  return [...new Set([...saved, ...GATEWAY_WALLET_TYPES])];
}

/** How each method is named to shoppers. */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  card: "Card",
  paypal: "PayPal",
  paypal_credit: "PayPal Credit",
  google: "Google Pay",
  apple: "Apple Pay",
  klarna: "Klarna",
  clearpay: "Clearpay",
};

export interface MethodAvailabilityInput {
  authenticated: boolean;
  /** What is left to pay by the chosen method, in minor units. */
  total: number;
  currency: Currency;
  /** Instrument types the customer can use (see offeredInstrumentTypes). */
  savedInstrumentTypes: readonly PaymentMethod[];
  /** What the browser reports: Apple Pay support, and a browser where Google Pay must not be offered. */
  device: { applePay: boolean; specialBrowser: boolean };
  /** Configuration: Klarna and Clearpay are off unless switched on. */
  enabled: { klarna: boolean; clearpay: boolean };
}

/**
 * The ways to pay offered at checkout (spec transactions §5, Payment method availability). Card is
 * always offered. Klarna's 18+ age gate is checked when the order is placed, not here.
 */
export function availablePaymentMethods(input: MethodAvailabilityInput): PaymentMethod[] {
  const has = (type: PaymentMethod) => input.savedInstrumentTypes.includes(type);
  const guest = !input.authenticated;
  const payable = input.total > 0;
  const methods: PaymentMethod[] = ["card"];

  const apple = input.device.applePay && (guest || (payable && has("apple")));
  if (apple) methods.push("apple");
  if ((!apple && !input.device.specialBrowser && guest) || (!guest && has("google"))) methods.push("google");
  const paypal = guest || (payable && has("paypal"));
  if (paypal) methods.push("paypal");
  if (paypal && payable && input.currency === "GBP" && input.total <= PAYPAL_CREDIT_LIMIT) methods.push("paypal_credit");
  if (input.enabled.klarna && payable) methods.push("klarna");
  if (input.enabled.clearpay && input.total >= CLEARPAY_MIN_TOTAL && input.total <= CLEARPAY_MAX_TOTAL) methods.push("clearpay");
  return methods;
}
