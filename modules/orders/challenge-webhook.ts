import { and, eq } from "drizzle-orm";
import type { WebhookHandler } from "../payments/webhook-events";
import { OrderError } from "./errors";
import { attemptFailed } from "./order-attempts";
import { orderAttempts } from "./schema";

/**
 * The sandbox's `challenge.completed` webhook: a declined challenge fails the attempt waiting on it
 * at once (a shopper who closed the bank's page sees the decline on return, and the basket is free
 * to try again); an approved one is finished by the shopper's return, or voided by the sweeper.
 */
export const challengeCompleted: WebhookHandler = async (tx, event) => {
  const reference = typeof event.payload.reference === "string" ? event.payload.reference : null;
  if (!reference) return "ignored: no reference";
  const [attempt] = await tx
    .select({ id: orderAttempts.id })
    .from(orderAttempts)
    .where(and(eq(orderAttempts.authorizationId, reference), eq(orderAttempts.status, "requires_action")));
  if (!attempt) return "ignored: no order attempt waits on this challenge";
  if (event.payload.result !== "declined") return `noted: order attempt ${attempt.id} is finished by the shopper's return`;
  await attemptFailed(tx, attempt.id, OrderError.declined("AUTHENTICATION_FAILED"), event.now);
  return `applied: order attempt ${attempt.id} declined`;
};

/** The webhook handlers the orders module supplies, by `provider:type`. */
export const ORDER_WEBHOOK_HANDLERS = {
  "sandbox:challenge.completed": challengeCompleted,
} satisfies Record<string, WebhookHandler>;
