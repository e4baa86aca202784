import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Currency } from "../../lib/money";
import type { Actor } from "../states/transition";
import { type PaymentOperationKind, type PaymentOperationStatus, paymentOperations } from "./schema";

export type PaymentOperation = typeof paymentOperations.$inferSelect;

/**
 * Records a money move (capture, void, refund) before the gateway is asked to make it. The key is
 * unique: a retry, or a second instance doing the same work, gets the first operation back and
 * calls the gateway with the same key, so the money moves once.
 */
export async function startPaymentOperation(
  db: Db,
  operation: { paymentId: number; kind: PaymentOperationKind; amount: number; currency: Currency; idempotencyKey: string; actor: Actor; reason?: string; at: Date },
): Promise<PaymentOperation> {
  const [started] = await db
    .insert(paymentOperations)
    .values({
      paymentId: operation.paymentId,
      kind: operation.kind,
      amount: operation.amount,
      currency: operation.currency,
      idempotencyKey: operation.idempotencyKey,
      status: "pending",
      actorType: operation.actor.type,
      actorId: operation.actor.id,
      reason: operation.reason ?? null,
      createdAt: operation.at,
      updatedAt: operation.at,
    })
    .onConflictDoNothing({ target: paymentOperations.idempotencyKey })
    .returning();
  if (started) return started;
  const [first] = await db.select().from(paymentOperations).where(eq(paymentOperations.idempotencyKey, operation.idempotencyKey));
  return first;
}

/** What the gateway answered to the operation. */
export async function finishPaymentOperation(
  db: Db,
  operationId: number,
  outcome: Exclude<PaymentOperationStatus, "pending">,
  at: Date,
  providerReference: string | null = null,
): Promise<void> {
  await db.update(paymentOperations).set({ status: outcome, providerReference, updatedAt: at }).where(eq(paymentOperations.id, operationId));
}
