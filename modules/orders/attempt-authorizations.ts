import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { PaymentProvider } from "../payments/provider";
import { OrderError } from "./errors";
import { attemptFailed, attemptKeys, authorizationSettled, type OrderAttempt } from "./order-attempts";

export interface GatewayServices {
  db: Db;
  provider: PaymentProvider;
  clock: Clock;
}

/** Voids an attempt's authorization (under the attempt's own void key) and records it accounted for. */
export async function voidAttemptAuthorization(services: GatewayServices, attemptId: number, authorizationId: string): Promise<void> {
  await services.provider.void({ idempotencyKey: attemptKeys(attemptId).void, authorizationId });
  await authorizationSettled(services.db, attemptId, services.clock.now());
}

/**
 * Settles an attempt whose request outlived its lease (it crashed or hung): asks the gateway
 * whether the attempt's authorize call made an authorization (the answer may never have reached
 * us), marks the attempt failed, which is the answer every repeat of its key gets from then on,
 * and voids what the gateway holds. Marking comes first and only a pending attempt is marked, so
 * a request that finishes at the same moment either wins (and its order stands) or loses (and its
 * transaction rolls back). True when held money was released.
 */
export async function settleAbandonedAttempt(services: GatewayServices, attempt: OrderAttempt): Promise<boolean> {
  const held = await services.provider.findAuthorization({ idempotencyKey: attemptKeys(attempt.id).authorize });
  const authorizationId = held?.authorizationId ?? attempt.authorizationId;
  const marked = await attemptFailed(services.db, attempt.id, OrderError.of("INTERRUPTED"), services.clock.now(), authorizationId ?? undefined);
  if (!marked || !authorizationId) return false;
  await voidAttemptAuthorization(services, attempt.id, authorizationId);
  // A challenge the shopper never finished held money too (or would have, once approved).
  return ["authorized", "requires_action"].includes(held?.status ?? "authorized");
}
