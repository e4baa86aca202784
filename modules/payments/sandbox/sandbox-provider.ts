import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Clock } from "../../../lib/clock";
import type { AuthorizeResult, Declined, PaymentDetails, PaymentProvider, VaultResult } from "../provider";
import { type SandboxOutcome, sandboxNonces, sandboxRequests, sandboxTransactions, sandboxVault } from "./schema";

function gatewayId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("base64url")}`;
}

type Instrument = PaymentDetails & { outcome: SandboxOutcome };

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
  ) {}

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
      if (!Number.isInteger(request.amount) || request.amount <= 0) throw new RangeError(`amount must be a positive whole number, got ${request.amount}`);
      const instrument =
        request.source.kind === "nonce"
          ? await this.consumeNonce(tx, request.source.nonce)
          : await this.vaulted(tx, request.source.token, request.customerRef);
      if (!instrument) return { ok: false, decline: "INVALID_PAYMENT_DETAILS" };
      if (instrument.outcome !== "APPROVED") return { ok: false, decline: instrument.outcome };
      const now = this.clock.now();
      const authorizationId = gatewayId("auth");
      await tx.insert(sandboxTransactions).values({
        id: authorizationId,
        method: instrument.method,
        amount: request.amount,
        currency: request.currency,
        status: "authorized",
        createdAt: now,
        updatedAt: now,
      });
      return { ok: true, authorizationId, ...details(instrument) };
    });

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
        .where(and(eq(sandboxTransactions.id, request.authorizationId), eq(sandboxTransactions.status, "authorized")));
      return { ok: true };
    });
  };

  findAuthorization: PaymentProvider["findAuthorization"] = async (request) => {
    const [found] = await this.db
      .select({ authorizationId: sandboxTransactions.id, status: sandboxTransactions.status })
      .from(sandboxRequests)
      .innerJoin(sandboxTransactions, sql`${sandboxTransactions.id} = ${sandboxRequests.response}->>'authorizationId'`)
      .where(and(eq(sandboxRequests.idempotencyKey, request.idempotencyKey), eq(sandboxRequests.operation, "authorize")));
    return found ?? null;
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
      if (instrument.outcome !== "APPROVED") return { ok: false, decline: instrument.outcome };
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
