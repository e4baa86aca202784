/**
 * An agent's double press cancels one order on two app instances at once (each with its own
 * connection pool): every voucher is refunded once, the card refunded once per voucher, and the
 * order ends Refunded. Concurrency needs a real server: PostgreSQL only.
 */
import { eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { systemClock } from "../../lib/clock";
import type { Database } from "../../db/client";
import { actorAt, insertCustomer, insertSellable, placementServices, TEST_DETAILS } from "../../tests/support/buying-fixtures";
import { twoInstancesOnOneDatabase } from "../../tests/support/two-instances";
import { createBasket } from "../basket/create-basket";
import { placeOrder } from "../orders/place-order";
import { orders } from "../orders/schema";
import { paymentOperations } from "../payments/schema";
import { SandboxPaymentProvider } from "../payments/sandbox/sandbox-provider";
import { tokenizeCard } from "../payments/sandbox/tokenize";
import { voucherRefunds } from "../refunds/schema";
import { cancelShopperOrder } from "./cancel-shopper-order";

const agent = { staffUserId: 64, name: "Ana Agent", role: "customer_service" as const };

describe.skipIf(!process.env.DATABASE_URL)("cancelling an order under concurrency (PostgreSQL)", () => {
  const race = twoInstancesOnOneDatabase();
  const servicesOf = (server: Database) => ({
    provider: new SandboxPaymentProvider(server.db, systemClock),
    clock: systemClock,
    log: pino({ level: "silent" }),
    linkOrigin: "http://localhost:3000",
  });

  it("a double press refunds each voucher once and the order ends Refunded", async () => {
    const { product } = await insertSellable(race.database.db, race.basics, { product: { totalRemaining: 10, price: 2500 } });
    const customer = await insertCustomer(race.database.db);
    const shopper = { id: customer.id, email: customer.email, vip: false };
    const basket = await createBasket(race.database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 2 }] }, actorAt(new Date(), shopper));
    const card = await tokenizeCard(race.database.db, systemClock, { number: "4111111111111111", expiry: "12/30", securityCode: "123", postalCode: "E1 6AN" });
    if (!card.ok) throw new Error("tokenise failed");
    const placed = await placeOrder(placementServices(race.database.db, systemClock), {
      basketToken: basket.token,
      idempotencyKey: `cancel-race-${customer.id}`,
      customer: shopper,
      details: TEST_DETAILS,
      payment: { method: "card", instrument: "NEW", nonce: card.nonce },
    });
    if (!placed.ok) throw placed.error;
    const orderId = placed.order.id;

    const outcomes = await Promise.allSettled(
      race.servers.map((server) => cancelShopperOrder(server.db, servicesOf(server), agent, { customerId: customer.id, orderId, reason: "Merchant closed" })),
    );
    const refunded = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? outcome.value.refunded.map((refund) => refund.voucherId) : []));
    expect(refunded).toHaveLength(2);
    expect(new Set(refunded).size).toBe(2);
    for (const outcome of outcomes) if (outcome.status === "rejected") expect(outcome.reason).toMatchObject({ code: "NOTHING_TO_CANCEL", status: 409 });
    expect(await race.database.db.select().from(voucherRefunds).where(eq(voucherRefunds.orderId, orderId))).toHaveLength(2);
    const keys = refunded.map((voucherId) => `refund:voucher:${voucherId}`);
    const operations = (await race.database.db.select().from(paymentOperations).where(eq(paymentOperations.kind, "refund"))).filter((operation) =>
      keys.includes(operation.idempotencyKey),
    );
    expect(operations.map((operation) => operation.amount)).toEqual([2500, 2500]);
    expect((await race.database.db.select().from(orders).where(eq(orders.id, orderId)))[0].status).toBe("REFUNDED");
  });
});
