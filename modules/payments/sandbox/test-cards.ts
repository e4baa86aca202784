import type { DeclineCode } from "../errors";

/**
 * The sandbox gateway's test cards: each number produces one outcome, as a real gateway's test mode
 * does. Any other valid Visa or MasterCard number is approved. Listed in the README.
 */
export const SANDBOX_TEST_CARDS: readonly { number: string; outcome: SandboxCardOutcome; description: string }[] = [
  { number: "4111111111111111", outcome: "APPROVED", description: "Visa: payment succeeds" },
  { number: "5555555555554444", outcome: "APPROVED", description: "MasterCard: payment succeeds" },
  { number: "4000000000000002", outcome: "DECLINED_BY_BANK", description: "declined by the bank" },
  { number: "4000000000000069", outcome: "EXPIRED_CARD", description: "expired card" },
  { number: "4000000000000127", outcome: "SECURITY_CODE", description: "wrong security code" },
  { number: "4000000000000119", outcome: "NO_BANK_RESPONSE", description: "no response from the bank" },
  { number: "4000000000000010", outcome: "BILLING_ADDRESS", description: "billing address does not match" },
  { number: "4000000000003220", outcome: "AUTHENTICATION_FAILED", description: "issuer cannot authenticate" },
  {
    number: "4000000000003063",
    outcome: "CHALLENGE",
    description: "3-D Secure: the sandbox challenge page asks the shopper to approve or decline",
  },
  { number: "378282246310005", outcome: "CARD_NOT_ACCEPTED", description: "American Express: not accepted" },
  { number: "36227206271667", outcome: "CARD_NOT_ACCEPTED", description: "Diners Club: not accepted" },
];

/** APPROVED, a decline, or CHALLENGE: the issuer wants the shopper to authenticate (3-D Secure). */
export type SandboxCardOutcome = "APPROVED" | "CHALLENGE" | DeclineCode;

export function testCardOutcome(digits: string): SandboxCardOutcome {
  return SANDBOX_TEST_CARDS.find((card) => card.number === digits)?.outcome ?? "APPROVED";
}

/** Sandbox wallet accounts (PayPal, Google Pay, Apple Pay, Klarna, Clearpay): how the payment goes. */
export const SANDBOX_WALLET_SCENARIOS = ["approve", "reject", "unavailable"] as const;
export type SandboxWalletScenario = (typeof SANDBOX_WALLET_SCENARIOS)[number];
