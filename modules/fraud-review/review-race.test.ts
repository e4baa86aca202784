/**
 * Two reviewers decide the same held order at the same moment, one approving and one rejecting,
 * each through its own connection pool (as two app servers would): exactly one decision stands,
 * and the vouchers, stock and payment all follow it. Concurrency needs a real server: PostgreSQL only.
 */
import { eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { actorAt, insertCustomer, insertSellable, placementServices, TEST_DETAILS } from "../../tests/support/buying-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { twoInstancesOnOneDatabase } from "../../tests/support/two-instances";
import { createBasket } from "../basket/create-basket";
import { products } from "../catalog/schema";
import { placeOrder } from "../orders/place-order";
import { orderReviews } from "../orders/schema";
import { payments } from "../payments/schema";
import { SandboxPaymentProvider } from "../payments/sandbox/sandbox-provider";
import { tokenizeCard } from "../payments/sandbox/tokenize";
import { vouchers } from "../vouchers/schema";
import { approveHeldOrder } from "./approve-held-order";
import { rejectHeldOrder } from "./reject-held-order";

const clock = new ManualClock("2026-11-29T11:00:00Z");
const reviewers = [
  { staffUserId: 71, name: "Ada", role: "customer_service_lead" as const },
  { staffUserId: 72, name: "Finn", role: "finance" as const },
];

describe.skipIf(!process.env.DATABASE_URL)("fraud review under concurrency (PostgreSQL)", () => {
  const setup = twoInstancesOnOneDatabase(3);

  it("an approval and a rejection at once: one stands, and vouchers, stock and payment follow it", async () => {
    const { database, servers, basics } = setup;
    for (let round = 0; round < 4; round++) {
      const { product } = await insertSellable(database.db, basics, { deal: { highFraudRisk: true }, product: { totalRemaining: 10 } });
      const shopper = await insertCustomer(database.db);
      const customer = { id: shopper.id, email: shopper.email, vip: false };
      const basket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 2 }] }, actorAt(clock.now(), customer));
      const card = await tokenizeCard(database.db, clock, { number: "4111111111111111", expiry: "12/29", securityCode: "123", postalCode: "SW1A 1AA" });
      if (!card.ok) throw new Error("card refused");
      const placed = await placeOrder(placementServices(database.db, clock), {
        basketToken: basket.token,
        idempotencyKey: `race-review-${round}`,
        customer,
        details: TEST_DETAILS,
        payment: { method: "card", instrument: "NEW", nonce: card.nonce },
      });
      if (!placed.ok) throw new Error(placed.error.code);
      const orderId = placed.order.id;

      const decided = await Promise.allSettled(
        servers.map((server, i) => {
          const services = { provider: new SandboxPaymentProvider(server.db, clock), clock, log: pino({ level: "silent" }), linkOrigin: () => "https://www.wowcher.example" };
          const request = { orderId, reason: `Reviewer ${i + 1} decided` };
          return i === 0 ? approveHeldOrder(server.db, services, reviewers[i], request) : rejectHeldOrder(server.db, services, reviewers[i], request);
        }),
      );
      expect(decided.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
      expect(decided.find((outcome) => outcome.status === "rejected")).toMatchObject({ reason: { code: "ALREADY_DECIDED" } });

      const [review] = await database.db.select().from(orderReviews).where(eq(orderReviews.orderId, orderId));
      const statuses = (await database.db.select({ status: vouchers.status }).from(vouchers).where(eq(vouchers.orderId, orderId))).map((row) => row.status);
      const [payment] = await database.db.select({ status: payments.status }).from(payments).where(eq(payments.orderId, orderId));
      const [stock] = await database.db.select({ left: products.totalRemaining }).from(products).where(eq(products.id, product.id));
      if (review.status === "APPROVED") {
        expect({ statuses, payment: payment.status, left: stock.left }).toEqual({ statuses: ["READY_TO_REDEEM", "READY_TO_REDEEM"], payment: "captured", left: 8 });
      } else {
        expect({ statuses, payment: payment.status, left: stock.left }).toEqual({ statuses: ["CANCELLED", "CANCELLED"], payment: "voided", left: 10 });
      }
    }
  });
});
