import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../../lib/clock";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { SandboxPaymentProvider } from "./sandbox-provider";
import { sandboxTransactions } from "./schema";
import { NONCE_LIFETIME_MS, tokenizeCard, tokenizeWallet } from "./tokenize";

let database: TestDatabase;
let provider: SandboxPaymentProvider;
const clock = fixedClock("2026-11-21T12:00:00Z");
const card = (number: string) => ({ number, expiry: "12/29", securityCode: "123", postalCode: "SW1A 1AA" });

async function nonceFor(number: string): Promise<string> {
  const result = await tokenizeCard(database.db, clock, card(number));
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.nonce;
}

async function statusOf(authorizationId: string) {
  const [row] = await database.db.select().from(sandboxTransactions).where(eq(sandboxTransactions.id, authorizationId));
  return row;
}

beforeAll(async () => {
  database = await createTestDatabase();
  provider = new SandboxPaymentProvider(database.db, clock);
});
afterAll(() => database.dispose());

const authorize = (key: string, nonce: string, amount = 2500) =>
  provider.authorize({ idempotencyKey: key, amount, currency: "GBP", source: { kind: "nonce", nonce }, customerRef: null });

describe("sandbox gateway", () => {
  it("tokenises a test card without keeping its number and authorizes it", async () => {
    const tokenised = await tokenizeCard(database.db, clock, card("4111 1111 1111 1111"));
    expect(tokenised).toMatchObject({ ok: true, cardType: "Visa", last4: "1111" });
    if (!tokenised.ok) return;
    expect(tokenised.nonce).not.toContain("4111");
    const result = await authorize("a-1", tokenised.nonce);
    expect(result).toMatchObject({ ok: true, method: "card", cardType: "Visa", last4: "1111" });
  });

  it("answers each decline test card with its decline", async () => {
    const expected: Record<string, string> = {
      "4000000000000002": "DECLINED_BY_BANK",
      "4000000000000069": "EXPIRED_CARD",
      "4000000000000127": "SECURITY_CODE",
      "4000000000000119": "NO_BANK_RESPONSE",
      "4000000000000010": "BILLING_ADDRESS",
      "4000000000003220": "AUTHENTICATION_FAILED",
    };
    for (const [number, decline] of Object.entries(expected)) {
      expect(await authorize(`decline-${number}`, await nonceFor(number))).toEqual({ ok: false, decline });
    }
  });

  it("refuses to tokenise American Express with the spec's message", async () => {
    expect(await tokenizeCard(database.db, clock, card("3782 822463 10005"))).toEqual({
      ok: false,
      errors: { number: "Sorry, we currently only accept Visa and MasterCard" },
    });
  });

  it("uses a nonce once, and returns the first result for a repeated idempotency key", async () => {
    const nonce = await nonceFor("5555555555554444");
    const first = await authorize("same-key", nonce);
    const again = await authorize("same-key", nonce);
    expect(again).toEqual(first);
    expect(await authorize("other-key", nonce)).toEqual({ ok: false, decline: "INVALID_PAYMENT_DETAILS" });
  });

  it("rejects an expired nonce", async () => {
    const nonce = await nonceFor("4111111111111111");
    const later = new SandboxPaymentProvider(database.db, fixedClock(new Date(clock.now().getTime() + NONCE_LIFETIME_MS + 1)));
    const result = await later.authorize({ idempotencyKey: "late", amount: 100, currency: "GBP", source: { kind: "nonce", nonce }, customerRef: null });
    expect(result).toEqual({ ok: false, decline: "INVALID_PAYMENT_DETAILS" });
  });

  it("captures, refunds and voids authorizations", async () => {
    const captured = await authorize("cap-auth", await nonceFor("4111111111111111"), 5000);
    if (!captured.ok) throw new Error("expected approval");
    expect(await provider.capture({ idempotencyKey: "cap-1", authorizationId: captured.authorizationId, amount: 6000 })).toEqual({
      ok: false,
      decline: "INVALID_PAYMENT_DETAILS",
    });
    expect(await provider.capture({ idempotencyKey: "cap-2", authorizationId: captured.authorizationId, amount: 5000 })).toEqual({ ok: true });
    expect(await provider.refund({ idempotencyKey: "ref-1", authorizationId: captured.authorizationId, amount: 3000 })).toEqual({ ok: true });
    expect(await provider.refund({ idempotencyKey: "ref-2", authorizationId: captured.authorizationId, amount: 3000 })).toMatchObject({ ok: false });
    expect(await statusOf(captured.authorizationId)).toMatchObject({ status: "captured", refundedAmount: 3000 });

    const voided = await authorize("void-auth", await nonceFor("4111111111111111"));
    if (!voided.ok) throw new Error("expected approval");
    await provider.void({ idempotencyKey: "void-1", authorizationId: voided.authorizationId });
    expect((await statusOf(voided.authorizationId)).status).toBe("voided");
    expect(await provider.capture({ idempotencyKey: "cap-3", authorizationId: voided.authorizationId, amount: 100 })).toMatchObject({ ok: false });
  });

  it("finds the authorization an authorize call made by its key, and what became of it", async () => {
    const made = await authorize("lookup-auth", await nonceFor("4111111111111111"));
    if (!made.ok) throw new Error("expected approval");
    expect(await provider.findAuthorization({ idempotencyKey: "lookup-auth" })).toEqual({ authorizationId: made.authorizationId, status: "authorized" });
    await provider.void({ idempotencyKey: "lookup-void", authorizationId: made.authorizationId });
    expect(await provider.findAuthorization({ idempotencyKey: "lookup-auth" })).toEqual({ authorizationId: made.authorizationId, status: "voided" });

    expect(await authorize("lookup-declined", await nonceFor("4000000000000002"))).toMatchObject({ ok: false });
    expect(await provider.findAuthorization({ idempotencyKey: "lookup-declined" })).toBeNull();
    expect(await provider.findAuthorization({ idempotencyKey: "never-sent" })).toBeNull();
    expect(await provider.findAuthorization({ idempotencyKey: "lookup-void" })).toBeNull();
  });

  it("vaults a card for its customer only", async () => {
    const saved = await provider.vault({ idempotencyKey: "vault-1", nonce: await nonceFor("5555555555554444"), customerRef: "customer-1" });
    if (!saved.ok) throw new Error("expected a saved card");
    expect(saved).toMatchObject({ cardType: "MasterCard", last4: "4444", expiryMonth: 12, expiryYear: 2029 });
    const source = { kind: "vaulted" as const, token: saved.token };
    expect(await provider.authorize({ idempotencyKey: "v-a", amount: 100, currency: "GBP", source, customerRef: "customer-1" })).toMatchObject({ ok: true });
    expect(await provider.authorize({ idempotencyKey: "v-b", amount: 100, currency: "GBP", source, customerRef: "customer-2" })).toEqual({
      ok: false,
      decline: "INVALID_PAYMENT_DETAILS",
    });
    expect(await provider.vault({ idempotencyKey: "vault-2", nonce: await nonceFor("4000000000000002"), customerRef: "customer-1" })).toEqual({
      ok: false,
      decline: "DECLINED_BY_BANK",
    });
  });

  it("lets sandbox wallets approve, reject and be unavailable", async () => {
    const approve = await tokenizeWallet(database.db, clock, { method: "paypal", scenario: "approve" });
    expect(await authorize("pp-1", approve.nonce)).toMatchObject({ ok: true, method: "paypal", cardType: null });
    const reject = await tokenizeWallet(database.db, clock, { method: "paypal", scenario: "reject" });
    expect(await authorize("pp-2", reject.nonce)).toEqual({ ok: false, decline: "PAYPAL_REJECTED" });
    const down = await tokenizeWallet(database.db, clock, { method: "klarna", scenario: "unavailable" });
    expect(await authorize("kl-1", down.nonce)).toEqual({ ok: false, decline: "PROVIDER_UNAVAILABLE" });
    const klarnaRefuses = await tokenizeWallet(database.db, clock, { method: "klarna", scenario: "reject" });
    expect(await authorize("kl-2", klarnaRefuses.nonce)).toEqual({ ok: false, decline: "KLARNA_REJECTED" });
  });

  it("answers the 3-D Secure test card with a challenge, completed once the shopper approves", async () => {
    const nonce = await nonceFor("4000000000003063");
    const request = { idempotencyKey: "3ds-a", amount: 2500, currency: "GBP" as const, source: { kind: "nonce" as const, nonce }, customerRef: null, returnUrl: "/checkout/return" };
    const challenge = await provider.authorizeInteractive(request);
    if (challenge.ok !== "requires_action") throw new Error("expected a challenge");
    expect(challenge.url).toBe(`/sandbox-gateway/challenge/${challenge.reference}?return=%2Fcheckout%2Freturn`);
    expect(await provider.authorizeInteractive(request)).toEqual(challenge);
    expect(await provider.completeAction({ idempotencyKey: "3ds-a-done", reference: challenge.reference })).toEqual({ ok: "pending", reference: challenge.reference });
    expect(await provider.decideChallenge(challenge.reference, true)).toBe(true);
    expect(await provider.decideChallenge(challenge.reference, false)).toBe(false);
    const done = await provider.completeAction({ idempotencyKey: "3ds-a-done", reference: challenge.reference });
    expect(done).toEqual({ ok: true, authorizationId: challenge.reference, method: "card", cardType: "Visa", last4: "3063", expiryMonth: 12, expiryYear: 2029 });
    expect(await provider.completeAction({ idempotencyKey: "3ds-a-done", reference: challenge.reference })).toEqual(done);
    expect(await provider.findAuthorization({ idempotencyKey: "3ds-a" })).toEqual({ authorizationId: challenge.reference, status: "authorized" });
  });

  it("declines a challenge the shopper declines, or one abandoned and voided", async () => {
    const start = async (key: string) => {
      const nonce = await nonceFor("4000000000003063");
      const answer = await provider.authorizeInteractive({ idempotencyKey: key, amount: 900, currency: "GBP", source: { kind: "nonce", nonce }, customerRef: null, returnUrl: "/r" });
      if (answer.ok !== "requires_action") throw new Error("expected a challenge");
      return answer.reference;
    };
    const declined = await start("3ds-b");
    await provider.decideChallenge(declined, false);
    expect(await provider.completeAction({ idempotencyKey: "3ds-b-done", reference: declined })).toEqual({ ok: false, decline: "AUTHENTICATION_FAILED" });
    expect(await provider.findAuthorization({ idempotencyKey: "3ds-b" })).toBeNull();

    const abandoned = await start("3ds-c");
    expect(await provider.findAuthorization({ idempotencyKey: "3ds-c" })).toEqual({ authorizationId: abandoned, status: "requires_action" });
    await provider.void({ idempotencyKey: "3ds-c-void", authorizationId: abandoned });
    expect(await provider.decideChallenge(abandoned, true)).toBe(false);
    expect(await provider.completeAction({ idempotencyKey: "3ds-c-done", reference: abandoned })).toMatchObject({ ok: false });

    // No browser at hand (a renewal): the card that insists on authentication declines.
    expect(await authorize("3ds-d", await nonceFor("4000000000003063"))).toEqual({ ok: false, decline: "AUTHENTICATION_FAILED" });
  });
});
