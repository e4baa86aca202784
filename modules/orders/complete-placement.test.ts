import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { checkoutServices, shopperPayingWith } from "../../tests/support/three-d-secure";
import { baskets } from "../basket/schema";
import { products } from "../catalog/schema";
import { paymentWebhookEvents, payments } from "../payments/schema";
import { processWebhookEvents, storeWebhookEvent } from "../payments/webhook-events";
import { ORDER_WEBHOOK_HANDLERS } from "./challenge-webhook";
import { decideChallenge } from "../payments/sandbox/challenge";
import { sandboxTransactions } from "../payments/sandbox/schema";
import { completePlacement } from "./complete-placement";
import { ACTION_LEASE_MS } from "./order-attempts";
import { placeCheckoutOrder, type CheckoutPlacementServices } from "./place-order";
import { orderAttempts, orders } from "./schema";
import { settlePayments } from "./settle-payments";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
const clock = new ManualClock("2026-11-28T12:00:00Z");
let services: CheckoutPlacementServices;

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
  services = checkoutServices(database.db, clock);
});
afterAll(() => database.dispose());

/** Pays with the challenge card: the attempt waits for the shopper at the test bank. */
async function challenged() {
  const shopper = await shopperPayingWith(database.db, clock, basics);
  const placed = await placeCheckoutOrder(services, shopper.request);
  if (placed.ok !== "requires_action") throw new Error(`expected a challenge, got ${JSON.stringify(placed)}`);
  const [attempt] = await database.db.select().from(orderAttempts).where(eq(orderAttempts.basketId, shopper.basket.id));
  const back = () =>
    completePlacement(services, {
      basketToken: shopper.basket.token,
      attemptId: attempt.id,
      customer: { id: shopper.shopper.id, vip: false },
    });
  return { ...shopper, placed, attempt, back };
}

const gatewayStatus = async (id: string) => (await database.db.select().from(sandboxTransactions).where(eq(sandboxTransactions.id, id)))[0].status;
const remaining = async (productId: number) => (await database.db.select().from(products).where(eq(products.id, productId)))[0].totalRemaining;

describe("3-D Secure at checkout", () => {
  it("sends the shopper to the bank's page, keeping the placement without the card's nonce", async () => {
    const { placed, attempt, request } = await challenged();
    expect(placed.url).toMatch(/^\/sandbox-gateway\/challenge\/auth_[\w-]+\?return=https%3A%2F%2Fwww\.wowcher\.co\.uk%2Fcheckout%2F/);
    expect(attempt.status).toBe("requires_action");
    expect(attempt.actionUrl).toBe(placed.url);
    expect(JSON.stringify(attempt.pendingPlacement)).not.toContain(request.payment.instrument === "NEW" ? request.payment.nonce : "-");
    // Pay pressed again (same key): the same page, no second authorization.
    expect(await placeCheckoutOrder(services, request)).toEqual({
      ok: "requires_action",
      url: placed.url,
    });
  });

  it("a return before the shopper answered goes back to the bank's page", async () => {
    const { placed, back } = await challenged();
    expect(await back()).toEqual({ ok: "requires_action", url: placed.url });
  });

  it("approved: the return places the order once; a second return, a refresh or another tab gets the same order and one charge", async () => {
    const { attempt, back, basket } = await challenged();
    await decideChallenge(database.db, clock, attempt.authorizationId!, true);
    const answers = await Promise.all([back(), back()]);
    const again = await back();
    const orderIds = [...answers, again].map((answer) => (answer.ok === true ? answer.order.id : answer));
    expect(new Set(orderIds).size).toBe(1);
    expect(await database.db.select().from(orders).where(eq(orders.basketId, basket.id))).toHaveLength(1);
    const [payment] = await database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderIds[0] as number));
    expect(payment).toMatchObject({
      authorizationId: attempt.authorizationId,
      status: "captured",
      amount: 2400,
    });
    expect(await gatewayStatus(attempt.authorizationId!)).toBe("captured");
  });

  it("declined: the shopper is told the issuer could not authenticate; the basket and stock are as they were", async () => {
    const { attempt, back, basket, product } = await challenged();
    await decideChallenge(database.db, clock, attempt.authorizationId!, false);
    const answer = await back();
    expect(answer).toMatchObject({
      ok: false,
      error: {
        status: 402,
        code: "PAYMENT_AUTHENTICATION_FAILED",
        message: "Your card issuer couldn't authenticate this payment. Please try another card.",
      },
    });
    expect(await back()).toMatchObject({
      ok: false,
      error: { code: "PAYMENT_AUTHENTICATION_FAILED" },
    });
    const [kept] = await database.db.select().from(baskets).where(eq(baskets.id, basket.id));
    expect(kept.orderedAt).toBeNull();
    expect(await remaining(product.id)).toBe(5);
  });

  it("only the shopper who started it completes it", async () => {
    const { attempt, basket } = await challenged();
    await decideChallenge(database.db, clock, attempt.authorizationId!, true);
    const stranger = await completePlacement(services, {
      basketToken: basket.token,
      attemptId: attempt.id,
      customer: { id: 999_999, vip: false },
    });
    expect(stranger).toMatchObject({
      ok: false,
      error: { code: "BASKET_NOT_FOUND" },
    });
  });

  it("abandoned on the bank's page: the payment sweeper voids it after the wait, and a late return is told nothing was charged", async () => {
    const { attempt, back } = await challenged();
    const log = services.log;
    expect(
      await settlePayments({
        db: database.db,
        provider: services.provider,
        clock,
        log,
      }),
    ).toMatchObject({ voided: 0 });
    clock.advance(ACTION_LEASE_MS + 1000);
    expect(
      (
        await settlePayments({
          db: database.db,
          provider: services.provider,
          clock,
          log,
        })
      ).voided,
    ).toBeGreaterThanOrEqual(1);
    expect(await gatewayStatus(attempt.authorizationId!)).toBe("voided");
    // The bank page's Approve comes too late: the challenge is no longer waiting.
    expect(await decideChallenge(database.db, clock, attempt.authorizationId!, true)).toBe(false);
    expect(await back()).toMatchObject({
      ok: false,
      error: { code: "INTERRUPTED" },
    });
  });
});

describe("the sandbox's challenge.completed webhook, processed by the payments job", () => {
  it("fails the attempt of a declined challenge at once, and leaves an approved one to the shopper's return", async () => {
    const declined = await challenged();
    const approved = await challenged();
    await decideChallenge(database.db, clock, declined.attempt.authorizationId!, false);
    await decideChallenge(database.db, clock, approved.attempt.authorizationId!, true);
    for (const [{ attempt }, result] of [
      [declined, "declined"],
      [approved, "approved"],
    ] as const) {
      await storeWebhookEvent(
        database.db,
        "sandbox",
        {
          eventId: `evt_${attempt.id}`,
          type: "challenge.completed",
          payload: { reference: attempt.authorizationId, result },
        },
        clock.now(),
      );
    }
    await processWebhookEvents(database.db, clock, ORDER_WEBHOOK_HANDLERS);
    const outcomes = await database.db
      .select()
      .from(paymentWebhookEvents)
      .where(inArray(paymentWebhookEvents.eventId, [`evt_${declined.attempt.id}`, `evt_${approved.attempt.id}`]));
    expect(outcomes.map((event) => event.outcome).sort()).toEqual([
      `applied: order attempt ${declined.attempt.id} declined`,
      `noted: order attempt ${approved.attempt.id} is finished by the shopper's return`,
    ]);
    expect(await declined.back()).toMatchObject({
      ok: false,
      error: { code: "PAYMENT_AUTHENTICATION_FAILED" },
    });
    expect(await approved.back()).toMatchObject({ ok: true });
  });
});
