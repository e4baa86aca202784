import { randomBytes } from "node:crypto";
import { and, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Clock } from "../../../lib/clock";
import type { ActionPending, AuthorizeResult, Declined, PaymentDetails, PaymentProvider, RequiresAction, VaultResult } from "../provider";
import { decideChallenge } from "./challenge";
import { SANDBOX_SIGNATURE_HEADER, verifySandboxWebhook } from "./webhook-signature";
import { type SandboxOutcome, sandboxNonces, sandboxRequests, sandboxTransactions, sandboxVault } from "./schema";

function gatewayId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("base64url")}`;
}

type Instrument = PaymentDetails & { outcome: SandboxOutcome };

/** A challenge as the idempotency record keeps it: the details are for `completeAction`'s answer. */
type StoredChallenge = RequiresAction & { details: PaymentDetails };

export class IdempotencyKeyReuseError extends Error {}

/**
 * A payment gateway's test mode in our own database: nonces from the tokenise endpoint, a vault,
 * authorizations that are captured, voided or refunded, and idempotency on every call.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = "sandbox";

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Signs the sandbox's webhooks (SANDBOX_WEBHOOK_SECRET); without one, every delivery is refused. */
    private readonly webhookSecret: string | null = null,
  ) {}

  parseWebhook: PaymentProvider["parseWebhook"] = (request) =>
    verifySandboxWebhook(this.webhookSecret, request.rawBody, request.header(SANDBOX_SIGNATURE_HEADER), this.clock.now());

  /**
   * Runs `work` once per key. A repeat (even a concurrent one, which waits on the key's row) gets
   * the stored first response instead of doing the work again.
   */
  private once<T>(idempotencyKey: string, operation: string, work: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      // The sandbox stands in for a remote gateway, so its records need not wait for this
      // database's disk flush. Nothing is at risk: WAL is written in order, so the shop's own
      // (synchronous) commit that follows an authorization makes it durable too, and a capture
      // lost in a crash is retried by the payment sweeper under the same idempotency key.
      await tx.execute(sql`set local synchronous_commit = off`);
      const claimed = await tx
        .insert(sandboxRequests)
        .values({ idempotencyKey, operation, createdAt: this.clock.now() })
        .onConflictDoNothing()
        .returning({ key: sandboxRequests.idempotencyKey });
      if (claimed.length === 0) {
        const [first] = await tx.select().from(sandboxRequests).where(eq(sandboxRequests.idempotencyKey, idempotencyKey));
        if (first.operation !== operation) throw new IdempotencyKeyReuseError(`idempotency key ${idempotencyKey} was used for ${first.operation}`);
        return first.response as T;
      }
      const response = await work(tx as unknown as Db);
      await tx.update(sandboxRequests).set({ response }).where(eq(sandboxRequests.idempotencyKey, idempotencyKey));
      return response;
    });
  }

  private async consumeNonce(tx: Db, nonce: string): Promise<Instrument | null> {
    const now = this.clock.now();
    const [row] = await tx
      .update(sandboxNonces)
      .set({ consumedAt: now })
      .where(and(eq(sandboxNonces.nonce, nonce), isNull(sandboxNonces.consumedAt), gt(sandboxNonces.expiresAt, now)))
      .returning();
    return row ?? null;
  }

  private async vaulted(tx: Db, token: string, customerRef: string | null): Promise<Instrument | null> {
    if (customerRef === null) return null;
    const [row] = await tx
      .select()
      .from(sandboxVault)
      .where(and(eq(sandboxVault.token, token), eq(sandboxVault.customerRef, customerRef)));
    return row ?? null;
  }

  authorize: PaymentProvider["authorize"] = (request) =>
    this.once<AuthorizeResult>(request.idempotencyKey, "authorize", async (tx) => {
      const answer = await this.decide(tx, request, null);
      // No browser to send to a challenge: decline as an off-session payment would.
      return answer.ok === "requires_action" ? { ok: false, decline: "AUTHENTICATION_FAILED" } : answer;
    });

  authorizeInteractive: PaymentProvider["authorizeInteractive"] = async (request) => {
    const stored = await this.once<AuthorizeResult | StoredChallenge>(request.idempotencyKey, "authorize", (tx) => this.decide(tx, request, request.returnUrl));
    if (stored.ok !== "requires_action") return stored;
    return { ok: "requires_action", reference: stored.reference, url: stored.url };
  };

  private async decide(
    tx: Db,
    request: Parameters<PaymentProvider["authorize"]>[0],
    returnUrl: string | null,
  ): Promise<AuthorizeResult | StoredChallenge> {
    if (!Number.isInteger(request.amount) || request.amount <= 0) throw new RangeError(`amount must be a positive whole number, got ${request.amount}`);
    const instrument =
      request.source.kind === "nonce" ? await this.consumeNonce(tx, request.source.nonce) : await this.vaulted(tx, request.source.token, request.customerRef);
    if (!instrument) return { ok: false, decline: "INVALID_PAYMENT_DETAILS" };
    if (instrument.outcome === "CHALLENGE" && returnUrl === null) return { ok: "requires_action", reference: "", url: "", details: details(instrument) };
    if (instrument.outcome !== "APPROVED" && instrument.outcome !== "CHALLENGE") return { ok: false, decline: instrument.outcome };
    const now = this.clock.now();
    const authorizationId = gatewayId("auth");
    const challenge = instrument.outcome === "CHALLENGE";
    await tx.insert(sandboxTransactions).values({
      id: authorizationId,
      method: instrument.method,
      amount: request.amount,
      currency: request.currency,
      status: challenge ? "requires_action" : "authorized",
      createdAt: now,
      updatedAt: now,
    });
    if (!challenge) return { ok: true, authorizationId, ...details(instrument) };
    const url = `/sandbox-gateway/challenge/${authorizationId}?return=${encodeURIComponent(returnUrl ?? "")}`;
    return { ok: "requires_action", reference: authorizationId, url, details: details(instrument) };
  }

  /** The sandbox challenge page's Approve or Decline. Only a challenge still waiting is decided. */
  decideChallenge(reference: string, approve: boolean): Promise<boolean> {
    return decideChallenge(this.db, this.clock, reference, approve);
  }

  completeAction: PaymentProvider["completeAction"] = async (request) => {
    const [waiting] = await this.db
      .select({ status: sandboxTransactions.status })
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.id, request.reference));
    if (waiting?.status === "requires_action") return { ok: "pending", reference: request.reference } satisfies ActionPending;
    return this.once<AuthorizeResult>(request.idempotencyKey, "complete", async (tx) => {
      const [transaction] = await tx.select().from(sandboxTransactions).where(eq(sandboxTransactions.id, request.reference));
      const [challenge] = await tx
        .select({ response: sandboxRequests.response })
        .from(sandboxRequests)
        .where(and(eq(sandboxRequests.operation, "authorize"), sql`${sandboxRequests.response}->>'reference' = ${request.reference}`));
      // Approved and not voided since (an abandoned challenge is voided by the shop's sweeper).
      if (!transaction || !challenge || !["authorized", "captured"].includes(transaction.status)) return { ok: false, decline: "AUTHENTICATION_FAILED" };
      return { ok: true, authorizationId: transaction.id, ...(challenge.response as StoredChallenge).details };
    });
  };

  capture: PaymentProvider["capture"] = (request) =>
    this.once<{ ok: true } | Declined>(request.idempotencyKey, "capture", async (tx) => {
      const [updated] = await tx
        .update(sandboxTransactions)
        .set({ status: "captured", amount: request.amount, updatedAt: this.clock.now() })
        .where(
          and(
            eq(sandboxTransactions.id, request.authorizationId),
            eq(sandboxTransactions.status, "authorized"),
            sql`${sandboxTransactions.amount} >= ${request.amount}`,
          ),
        )
        .returning({ id: sandboxTransactions.id });
      return updated ? { ok: true } : { ok: false, decline: "INVALID_PAYMENT_DETAILS" };
    });

  void: PaymentProvider["void"] = async (request) => {
    await this.once(request.idempotencyKey, "void", async (tx) => {
      await tx
        .update(sandboxTransactions)
        .set({ status: "voided", updatedAt: this.clock.now() })
        .where(and(eq(sandboxTransactions.id, request.authorizationId), inArray(sandboxTransactions.status, ["authorized", "requires_action"])));
      return { ok: true };
    });
  };

  findAuthorization: PaymentProvider["findAuthorization"] = async (request) => {
    const [found] = await this.db
      .select({ authorizationId: sandboxTransactions.id, status: sandboxTransactions.status })
      .from(sandboxRequests)
      .innerJoin(
        sandboxTransactions,
        sql`${sandboxTransactions.id} = coalesce(${sandboxRequests.response}->>'authorizationId', ${sandboxRequests.response}->>'reference')`,
      )
      .where(and(eq(sandboxRequests.idempotencyKey, request.idempotencyKey), eq(sandboxRequests.operation, "authorize"), ne(sandboxTransactions.status, "declined")));
    if (!found || found.status === "declined") return null;
    return { authorizationId: found.authorizationId, status: found.status };
  };

  refund: PaymentProvider["refund"] = (request) =>
    this.once<{ ok: true } | Declined>(request.idempotencyKey, "refund", async (tx) => {
      const [updated] = await tx
        .update(sandboxTransactions)
        .set({ refundedAmount: sql`${sandboxTransactions.refundedAmount} + ${request.amount}`, updatedAt: this.clock.now() })
        .where(
          and(
            eq(sandboxTransactions.id, request.authorizationId),
            eq(sandboxTransactions.status, "captured"),
            sql`${sandboxTransactions.refundedAmount} + ${request.amount} <= ${sandboxTransactions.amount}`,
          ),
        )
        .returning({ id: sandboxTransactions.id });
      return updated ? { ok: true } : { ok: false, decline: "INVALID_PAYMENT_DETAILS" };
    });

  vault: PaymentProvider["vault"] = (request) =>
    this.once<VaultResult>(request.idempotencyKey, "vault", async (tx) => {
      const instrument = await this.consumeNonce(tx, request.nonce);
      if (!instrument) return { ok: false, decline: "INVALID_PAYMENT_DETAILS" };
      // Saving a card verifies it with the issuer, so a card that would decline is not saved.
      if (instrument.outcome !== "APPROVED" && instrument.outcome !== "CHALLENGE") return { ok: false, decline: instrument.outcome };
      const token = gatewayId("vault");
      await tx.insert(sandboxVault).values({ ...details(instrument), token, customerRef: request.customerRef, outcome: instrument.outcome, createdAt: this.clock.now() });
      return { ok: true, token, ...details(instrument) };
    });
}

function details(instrument: Instrument): PaymentDetails {
  return {
    method: instrument.method,
    cardType: instrument.cardType,
    last4: instrument.last4,
    expiryMonth: instrument.expiryMonth,
    expiryYear: instrument.expiryYear,
  };
}
