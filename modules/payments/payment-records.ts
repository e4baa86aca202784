import { and, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { DomainError } from "../../lib/errors";
import type { Currency } from "../../lib/money";
import { type Actor, recordInitialStatus, transition } from "../states/transition";
import { finishPaymentOperation, startPaymentOperation } from "./payment-operations";
import { PAYMENT_PROCESS } from "./payment-process";
import type { PaymentDetails, PaymentProvider } from "./provider";
import { payments } from "./schema";

/** Records, in the order's transaction, the authorization that pays for it. */
export async function recordAuthorizedPayment(
  tx: Db,
  payment: { orderId: number; provider: string; authorizationId: string; amount: number; currency: Currency; details: PaymentDetails; at: Date; actor: Actor },
): Promise<void> {
  const created = await tx
    .insert(payments)
    .values({
      orderId: payment.orderId,
      provider: payment.provider,
      method: payment.details.method,
      authorizationId: payment.authorizationId,
      amount: payment.amount,
      currency: payment.currency,
      status: "authorized",
      cardType: payment.details.cardType,
      last4: payment.details.last4,
      createdAt: payment.at,
    })
    .returning({ id: payments.id, status: payments.status });
  await recordInitialStatus(tx, PAYMENT_PROCESS, created, { actor: payment.actor, at: payment.at, data: { orderId: payment.orderId } });
}

/**
 * Captures an order's authorized payment (after the order committed). Safe to repeat and to run
 * on several instances at once: the capture is recorded as a payment operation whose key (the
 * order's) the gateway gets too, and only one of racing captures moves the payment to captured.
 */
export async function capturePayment(db: Db, provider: PaymentProvider, orderId: number, at: Date, actor: Actor): Promise<boolean> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "authorized")));
  if (!payment) return false;
  const operation = await startPaymentOperation(db, {
    paymentId: payment.id,
    kind: "capture",
    amount: payment.amount,
    currency: payment.currency,
    idempotencyKey: `order-${orderId}-capture`,
    actor,
    at,
  });
  const result = await provider.capture({ idempotencyKey: operation.idempotencyKey, authorizationId: payment.authorizationId, amount: operation.amount });
  if (!result.ok) {
    await finishPaymentOperation(db, operation.id, "failed", at);
    return false;
  }
  try {
    await db.transaction(async (tx) => {
      await finishPaymentOperation(tx, operation.id, "succeeded", at);
      await transition(tx, PAYMENT_PROCESS, { id: payment.id, from: "authorized", to: "captured", actor, at, set: { capturedAt: at }, data: { operationId: operation.id } });
    });
  } catch (error) {
    // Another instance recorded the same capture first.
    if (error instanceof DomainError && error.code === "STATUS_CHANGED_CONCURRENTLY") return false;
    throw error;
  }
  return true;
}

/**
 * Voids an order's authorized payment (fraud review rejected the order): the money held on the
 * shopper's card is released and nothing is taken. Safe to repeat and to race, like a capture:
 * one payment operation under the order's void key, and only one void moves the payment.
 */
export async function voidPayment(db: Db, provider: PaymentProvider, orderId: number, at: Date, actor: Actor, reason?: string): Promise<boolean> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "authorized")));
  if (!payment) return false;
  const operation = await startPaymentOperation(db, {
    paymentId: payment.id,
    kind: "void",
    amount: payment.amount,
    currency: payment.currency,
    idempotencyKey: `order-${orderId}-void`,
    actor,
    reason,
    at,
  });
  await provider.void({ idempotencyKey: operation.idempotencyKey, authorizationId: payment.authorizationId });
  try {
    await db.transaction(async (tx) => {
      await finishPaymentOperation(tx, operation.id, "succeeded", at);
      await transition(tx, PAYMENT_PROCESS, { id: payment.id, from: "authorized", to: "voided", actor, at, reason, data: { operationId: operation.id } });
    });
  } catch (error) {
    if (error instanceof DomainError && error.code === "STATUS_CHANGED_CONCURRENTLY") return false;
    throw error;
  }
  return true;
}

/** Orders whose payment was authorized before `olderThan` and is still not captured (a capture failed or was interrupted). */
export async function uncapturedOrderIds(db: Db, olderThan: Date): Promise<number[]> {
  const rows = await db
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(and(eq(payments.status, "authorized"), lt(payments.createdAt, olderThan)));
  return rows.map((row) => row.orderId);
}

/** Which of these authorizations pay for an order. */
export async function authorizationsInUse(db: Db, authorizationIds: readonly string[]): Promise<Set<string>> {
  if (authorizationIds.length === 0) return new Set();
  const rows = await db.select({ id: payments.authorizationId }).from(payments).where(inArray(payments.authorizationId, [...authorizationIds]));
  return new Set(rows.map((row) => row.id));
}
