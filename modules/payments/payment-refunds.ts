import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type Actor, transition } from "../states/transition";
import { finishPaymentOperation, startPaymentOperation } from "./payment-operations";
import { PAYMENT_PROCESS } from "./payment-process";
import { PAYMENT_METHOD_NAMES } from "./method-availability";
import type { CardType, PaymentMethod, PaymentProvider } from "./provider";
import { paymentOperations, payments } from "./schema";

/** How an order was paid, as a shopper recognises it ("your Visa ending 4242"). */
export interface PaidWith {
  method: PaymentMethod;
  cardType: CardType | null;
  last4: string | null;
}

export function paidWithLabel(paid: PaidWith): string {
  if (paid.method === "card") return `${paid.cardType ?? "card"}${paid.last4 ? ` ending ${paid.last4}` : ""}`;
  return `${PAYMENT_METHOD_NAMES[paid.method]} account`;
}

export async function orderPaidWith(db: Db, orderId: number): Promise<PaidWith | null> {
  const [row] = await db.select({ method: payments.method, cardType: payments.cardType, last4: payments.last4 }).from(payments).where(eq(payments.orderId, orderId));
  return row ?? null;
}

export type CardRefundRecorded = { ok: true; paidWith: PaidWith } | { ok: false; reason: "no-payment" | "not-captured" | "exceeds-payment" };

/**
 * Books a refund of part of an order's payment inside the caller's transaction: locks the payment,
 * checks it was captured and that refunds stay within what was charged (two racing refunds each
 * see the other's amount under the lock), adds the amount to `refunded_amount`, moves the payment
 * on, and records the money move as a pending operation. The gateway is asked afterwards
 * (sendCardRefund) with the same idempotency key, so however often that runs the money moves once.
 */
export async function recordCardRefund(
  tx: Db,
  refund: { orderId: number; amount: number; idempotencyKey: string; actor: Actor; reason?: string; at: Date },
): Promise<CardRefundRecorded> {
  const [payment] = await tx.select().from(payments).where(eq(payments.orderId, refund.orderId)).for("update");
  if (!payment) return { ok: false, reason: "no-payment" };
  if (payment.status !== "captured" && payment.status !== "partially_refunded") return { ok: false, reason: "not-captured" };
  const refundedAmount = payment.refundedAmount + refund.amount;
  if (!Number.isInteger(refund.amount) || refund.amount <= 0 || refundedAmount > payment.amount) return { ok: false, reason: "exceeds-payment" };
  await transition(tx, PAYMENT_PROCESS, {
    id: payment.id,
    from: payment.status,
    to: refundedAmount === payment.amount ? "refunded" : "partially_refunded",
    actor: refund.actor,
    at: refund.at,
    reason: refund.reason,
    set: { refundedAmount },
    data: { amount: refund.amount, idempotencyKey: refund.idempotencyKey },
  });
  await startPaymentOperation(tx, {
    paymentId: payment.id,
    kind: "refund",
    amount: refund.amount,
    currency: payment.currency,
    idempotencyKey: refund.idempotencyKey,
    actor: refund.actor,
    reason: refund.reason,
    at: refund.at,
  });
  return { ok: true, paidWith: { method: payment.method, cardType: payment.cardType, last4: payment.last4 } };
}

/**
 * Asks the gateway to make a booked refund and records its answer. Safe to repeat and to run
 * twice at once (the request and its job): the gateway gets the operation's idempotency key, and
 * an operation already answered is not sent again. Returns the operation's status.
 */
export async function sendCardRefund(db: Db, provider: PaymentProvider, idempotencyKey: string, at: Date): Promise<"pending" | "succeeded" | "failed"> {
  const [operation] = await db
    .select({ id: paymentOperations.id, status: paymentOperations.status, amount: paymentOperations.amount, authorizationId: payments.authorizationId })
    .from(paymentOperations)
    .innerJoin(payments, eq(payments.id, paymentOperations.paymentId))
    .where(eq(paymentOperations.idempotencyKey, idempotencyKey));
  if (!operation) throw new Error(`no refund operation ${idempotencyKey}`);
  if (operation.status !== "pending") return operation.status;
  const result = await provider.refund({ idempotencyKey, authorizationId: operation.authorizationId, amount: operation.amount });
  const outcome = result.ok ? "succeeded" : "failed";
  await finishPaymentOperation(db, operation.id, outcome, at);
  return outcome;
}
