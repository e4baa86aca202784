import { and, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Currency } from "../../lib/money";
import type { PaymentDetails, PaymentProvider } from "./provider";
import { payments } from "./schema";

/** Records, in the order's transaction, the authorization that pays for it. */
export async function recordAuthorizedPayment(
  tx: Db,
  payment: { orderId: number; provider: string; authorizationId: string; amount: number; currency: Currency; details: PaymentDetails; at: Date },
): Promise<void> {
  await tx.insert(payments).values({
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
  });
}

/**
 * Captures an order's authorized payment (after the order committed). Safe to repeat: the
 * idempotency key is the order's, and only an authorized payment is captured.
 */
export async function capturePayment(db: Db, provider: PaymentProvider, orderId: number, at: Date): Promise<boolean> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "authorized")));
  if (!payment) return false;
  const result = await provider.capture({ idempotencyKey: `order-${orderId}-capture`, authorizationId: payment.authorizationId, amount: payment.amount });
  if (!result.ok) return false;
  await db.update(payments).set({ status: "captured", capturedAt: at }).where(eq(payments.id, payment.id));
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
