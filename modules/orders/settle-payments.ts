import type { Logger } from "pino";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { authorizationsInUse, capturePayment, uncapturedOrderIds, voidPayment } from "../payments/payment-records";
import type { PaymentProvider } from "../payments/provider";
import type { Actor } from "../states/transition";
import { settleAbandonedAttempt, voidAttemptAuthorization } from "./attempt-authorizations";
import { abandonedAttempts, authorizationSettled, unsettledAuthorizations } from "./order-attempts";
import { reviewStatusesOf } from "./review/review-queue";

/** Work younger than this may still be in flight in some request; the sweeper leaves it alone. */
export const SETTLE_AFTER_MS = 2 * 60 * 1000;

const SWEEPER: Actor = { type: "system", id: "payment-sweeper" };

/**
 * The payment sweeper: settles attempts whose request died (voiding any authorization the gateway
 * made for them, found by the attempt's idempotency key), voids every other authorization no order
 * uses (attempts that failed while the gateway was unreachable), and captures orders whose capture
 * did not get through. An order held for fraud review is left authorized; one rejected is voided
 * (the reviewer's own void did not get through). Idempotency keys make a repeat of any step harmless, so every instance may run it.
 */
export async function settlePayments(deps: { db: Db; provider: PaymentProvider; clock: Clock; log: Logger }): Promise<{ voided: number; captured: number }> {
  const { db, provider, clock, log } = deps;
  const olderThan = new Date(clock.now().getTime() - SETTLE_AFTER_MS);
  let voided = 0;
  let captured = 0;
  for (const attempt of await abandonedAttempts(db, clock.now())) {
    try {
      if (await settleAbandonedAttempt(deps, attempt)) voided += 1;
    } catch (error) {
      log.warn({ err: error, attemptId: attempt.id }, "settling an interrupted order attempt failed; will retry");
    }
  }
  const attempts = await unsettledAuthorizations(db, olderThan);
  const inUse = await authorizationsInUse(db, attempts.map((attempt) => attempt.authorizationId!));
  for (const attempt of attempts) {
    try {
      if (inUse.has(attempt.authorizationId!)) {
        await authorizationSettled(db, attempt.id, clock.now());
      } else {
        await voidAttemptAuthorization(deps, attempt.id, attempt.authorizationId!);
        voided += 1;
      }
    } catch (error) {
      log.warn({ err: error, attemptId: attempt.id }, "voiding a stranded authorization failed; will retry");
    }
  }
  const uncaptured = await uncapturedOrderIds(db, olderThan);
  const reviews = await reviewStatusesOf(db, uncaptured);
  for (const orderId of uncaptured) {
    try {
      const review = reviews.get(orderId);
      if (review === "HELD") continue;
      if (review === "REJECTED") {
        if (await voidPayment(db, provider, orderId, clock.now(), SWEEPER, "fraud review rejected the order")) voided += 1;
      } else if (await capturePayment(db, provider, orderId, clock.now(), SWEEPER)) captured += 1;
    } catch (error) {
      log.warn({ err: error, orderId }, "capturing a payment failed; will retry");
    }
  }
  if (voided > 0 || captured > 0) log.info({ voided, captured }, "payments settled");
  return { voided, captured };
}
