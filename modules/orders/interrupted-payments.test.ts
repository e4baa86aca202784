import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { actorAt, insertCustomer, insertSellable, buyingDatabaseForTests, TEST_DETAILS } from "../../tests/support/buying-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createBasket } from "../basket/create-basket";
import { products } from "../catalog/schema";
import type { PaymentProvider } from "../payments/provider";
import { SandboxPaymentProvider } from "../payments/sandbox/sandbox-provider";
import { sandboxTransactions } from "../payments/sandbox/schema";
import { tokenizeCard } from "../payments/sandbox/tokenize";
import { ATTEMPT_LEASE_MS, attemptKeys } from "./order-attempts";
import { placeOrder, type PlaceOrderRequest } from "./place-order";
import { orderAttempts, orders } from "./schema";
import { settlePayments } from "./settle-payments";

/**
 * The crash the probe found: the gateway authorizes, then the process dies before the shop records
 * anything. The attempt (with its lease) was committed before the gateway was called, so the
 * sweeper finds it, asks the gateway by the attempt's key, and voids the held money.
 */
const clock = new ManualClock("2026-11-23T12:00:00Z");
const suite = buyingDatabaseForTests(clock);
const interrupted = { ok: false, error: { status: 409, code: "INTERRUPTED" } };

/** The process stops for good at this point: the call never returns, so nothing after it runs. */
const dies = () => new Promise<never>(() => {});

/** A gateway whose caller dies right after (`afterGateway`) or right before (`beforeGateway`) authorizing. */
function crashingProvider(when: "afterGateway" | "beforeGateway", gate: Promise<void> = dies()): PaymentProvider {
  const real = new SandboxPaymentProvider(suite.database.db, clock);
  return Object.assign(Object.create(real) as SandboxPaymentProvider, {
    authorize: async (request: Parameters<PaymentProvider["authorize"]>[0]) => {
      if (when === "beforeGateway") return dies();
      const result = await real.authorize(request);
      await gate;
      return result;
    },
  });
}

async function shopperWithBasket() {
  const customer = await insertCustomer(suite.database.db);
  const shopper = { id: customer.id, email: customer.email, vip: false };
  const { product } = await insertSellable(suite.database.db, suite.basics, { product: { totalRemaining: 5, price: 2400 } });
  const basket = await createBasket(suite.database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, actorAt(clock.now(), shopper));
  const card = await tokenizeCard(suite.database.db, clock, { number: "4111111111111111", expiry: "12/29", securityCode: "123", postalCode: "SW1A 1AA" });
  if (!card.ok) throw new Error("card refused");
  const request: PlaceOrderRequest = {
    basketToken: basket.token,
    idempotencyKey: `crash-${basket.id}`,
    customer: shopper,
    details: TEST_DETAILS,
    payment: { method: "card", instrument: "NEW", nonce: card.nonce },
  };
  return { request, basket, product };
}

/** Waits until the attempt exists and, when `authorized`, until the gateway holds its authorization. */
async function attemptOf(basketId: number, authorized: boolean) {
  for (;;) {
    const [attempt] = await suite.database.db.select().from(orderAttempts).where(eq(orderAttempts.basketId, basketId));
    const held = attempt && (await suite.services.provider.findAuthorization({ idempotencyKey: attemptKeys(attempt.id).authorize }));
    if (attempt && (held || !authorized)) return { attempt, held };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function gatewayStatus(authorizationId: string) {
  const [row] = await suite.database.db.select().from(sandboxTransactions).where(eq(sandboxTransactions.id, authorizationId));
  return row.status;
}

async function remaining(productId: number) {
  const [row] = await suite.database.db.select().from(products).where(eq(products.id, productId));
  return row.totalRemaining;
}

const sweep = () => settlePayments({ db: suite.database.db, provider: suite.services.provider, clock, log: suite.services.log });

describe("an order attempt interrupted around the payment", () => {
  it("crashing right after the gateway authorized: the sweeper voids the held money after the lease, and a retry gets that answer", async () => {
    const { request, basket, product } = await shopperWithBasket();
    void placeOrder({ ...suite.services, provider: crashingProvider("afterGateway") }, request);
    const { attempt, held } = await attemptOf(basket.id, true);
    expect(attempt).toMatchObject({ status: "pending", authorizationId: null, leaseUntil: new Date(clock.now().getTime() + ATTEMPT_LEASE_MS) });

    // Within the lease the request may still be working: nothing is touched.
    expect(await sweep()).toEqual({ voided: 0, captured: 0 });
    expect(await gatewayStatus(held!.authorizationId)).toBe("authorized");

    clock.advance(ATTEMPT_LEASE_MS + 1000);
    expect(await sweep()).toEqual({ voided: 1, captured: 0 });
    expect(await gatewayStatus(held!.authorizationId)).toBe("voided");
    expect(await sweep()).toEqual({ voided: 0, captured: 0 });

    expect(await placeOrder(suite.services, request)).toMatchObject(interrupted);
    expect(await suite.database.db.select().from(orders).where(eq(orders.basketId, basket.id))).toEqual([]);
    expect(await remaining(product.id)).toBe(5);

    // The shopper's next press is a new attempt, and it goes through.
    const card = await tokenizeCard(suite.database.db, clock, { number: "4111111111111111", expiry: "12/29", securityCode: "123", postalCode: "SW1A 1AA" });
    if (!card.ok) throw new Error("card refused");
    const placed = await placeOrder(suite.services, {
      ...request,
      idempotencyKey: `${request.idempotencyKey}-again`,
      payment: { method: "card", instrument: "NEW", nonce: card.nonce },
    });
    expect(placed).toMatchObject({ ok: true, order: { total: 2400 } });
    expect(await remaining(product.id)).toBe(4);
  });

  it("a retry after the lease settles the attempt itself, without waiting for the sweeper", async () => {
    const { request, basket } = await shopperWithBasket();
    void placeOrder({ ...suite.services, provider: crashingProvider("afterGateway") }, request);
    const { held } = await attemptOf(basket.id, true);
    clock.advance(ATTEMPT_LEASE_MS + 1000);
    expect(await placeOrder(suite.services, request)).toMatchObject(interrupted);
    expect(await gatewayStatus(held!.authorizationId)).toBe("voided");
    expect(await placeOrder(suite.services, request)).toMatchObject(interrupted);
  });

  it("crashing before the gateway answered: the attempt settles with nothing to void", async () => {
    const { request, basket } = await shopperWithBasket();
    void placeOrder({ ...suite.services, provider: crashingProvider("beforeGateway") }, request);
    await attemptOf(basket.id, false);
    clock.advance(ATTEMPT_LEASE_MS + 1000);
    expect(await sweep()).toEqual({ voided: 0, captured: 0 });
    expect(await placeOrder(suite.services, request)).toMatchObject(interrupted);
  });

  it("a request that outlives its lease does not write its order once the sweeper has settled it", async () => {
    const { request, basket, product } = await shopperWithBasket();
    let resume = () => {};
    const gate = new Promise<void>((resolve) => (resume = resolve));
    const slow = placeOrder({ ...suite.services, provider: crashingProvider("afterGateway", gate) }, request);
    const { held } = await attemptOf(basket.id, true);
    clock.advance(ATTEMPT_LEASE_MS + 1000);
    expect(await sweep()).toEqual({ voided: 1, captured: 0 });
    resume();
    expect(await slow).toMatchObject(interrupted);
    expect(await suite.database.db.select().from(orders).where(eq(orders.basketId, basket.id))).toEqual([]);
    expect(await remaining(product.id)).toBe(5);
    expect(await gatewayStatus(held!.authorizationId)).toBe("voided");
  });
});
