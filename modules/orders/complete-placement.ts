import { eq } from "drizzle-orm";
import { type BasketActor, findBasket } from "../basket/baskets";
import { OrderError } from "./errors";
import { attemptKeys, claimReturn, type PendingPlacement } from "./order-attempts";
import { type CheckoutOrderResult, failAttempt, finishOrder, type PlacementServices, type PlaceOrderRequest, authorized, replayAttempt } from "./place-order";
import { orderAttempts } from "./schema";

/**
 * The shopper is back from the gateway's page (3-D Secure) for the attempt `attemptId` of the
 * basket: asks the gateway for its answer and finishes the order exactly once. A double return,
 * a refresh or a second tab calls the gateway with the same key (one authorization) and only one
 * of them moves the attempt on (`claimReturn`); the others wait for its answer. A declined
 * challenge fails the attempt with the gateway's decline; the basket is untouched.
 */
export async function completePlacement(
  services: PlacementServices,
  request: {
    basketToken: string;
    attemptId: number;
    customer: { id: number; vip: boolean };
  },
): Promise<CheckoutOrderResult> {
  const { db, clock } = services;
  const actor: BasketActor = {
    brand: services.brand,
    customer: request.customer,
    now: clock.now(),
    holdMs: services.holdMs,
  };
  const basket = await findBasket(db, request.basketToken, actor);
  const [attempt] = await db.select().from(orderAttempts).where(eq(orderAttempts.id, request.attemptId));
  const placement = attempt?.pendingPlacement as PendingPlacement | null | undefined;
  // Only the shopper who started it, on their own basket, completes an attempt.
  if (!basket || !attempt || attempt.basketId !== basket.id || placement?.customer.id !== request.customer.id) {
    return { ok: false, error: OrderError.of("BASKET_NOT_FOUND") };
  }
  if (attempt.status !== "requires_action" || !attempt.authorizationId) return replayAttempt(services, attempt, request.customer.id);

  const answer = await services.provider.completeAction({
    idempotencyKey: attemptKeys(attempt.id).complete,
    reference: attempt.authorizationId,
  });
  if (answer.ok === "pending") return { ok: "requires_action", url: attempt.actionUrl ?? "" };
  if (!(await claimReturn(db, attempt.id, clock.now()))) {
    const [latest] = await db.select().from(orderAttempts).where(eq(orderAttempts.id, attempt.id));
    return replayAttempt(services, latest, request.customer.id);
  }
  const placeRequest = requestOf(placement, request.basketToken, attempt.idempotencyKey);
  try {
    const authorization = await authorized(services, attempt.id, placement.payment.method, placement.amount, answer, placement.vaultedToken);
    return {
      ok: true,
      order: await finishOrder(services, placeRequest, actor, attempt, authorization),
    };
  } catch (caught) {
    return {
      ok: false,
      error: await failAttempt(services, attempt.id, caught),
    };
  }
}

/** The placement request as it was validated before the shopper left (the card's nonce is spent). */
function requestOf(placement: PendingPlacement, basketToken: string, idempotencyKey: string): PlaceOrderRequest {
  const { method } = placement.payment;
  return {
    basketToken,
    idempotencyKey,
    customer: placement.customer,
    details: placement.details,
    payment:
      placement.payment.instrument === "EXISTING" && placement.payment.instrumentId !== null
        ? {
            method,
            instrument: "EXISTING",
            instrumentId: placement.payment.instrumentId,
          }
        : { method, instrument: "NEW", nonce: "" },
    vipRenewal: placement.vipRenewal,
  };
}
