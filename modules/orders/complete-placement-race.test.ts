/**
 * The shopper's return from the bank's page (3-D Secure) arriving twice at once on two app
 * instances (each with its own connection pool) against one PostgreSQL database: a double click on
 * Approve, or two tabs. One order, one charge, both answered with it. Concurrency needs a real
 * server, so this runs whenever DATABASE_URL is set.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { systemClock } from "../../lib/clock";
import { checkoutServices, shopperPayingWith } from "../../tests/support/three-d-secure";
import { twoInstancesOnOneDatabase } from "../../tests/support/two-instances";
import { payments } from "../payments/schema";
import { decideChallenge } from "../payments/sandbox/challenge";
import { sandboxTransactions } from "../payments/sandbox/schema";
import { completePlacement } from "./complete-placement";
import { placeCheckoutOrder } from "./place-order";
import { orderAttempts, orders } from "./schema";

describe.skipIf(!process.env.DATABASE_URL)("two returns from 3-D Secure at once (two instances, one PostgreSQL)", () => {
  const race = twoInstancesOnOneDatabase();

  it("makes one order and one charge, and both returns land on it", async () => {
    for (let round = 0; round < 5; round++) {
      const db = race.database.db;
      const shopper = await shopperPayingWith(db, systemClock, race.basics);
      const placed = await placeCheckoutOrder(checkoutServices(db, systemClock), shopper.request);
      expect(placed.ok).toBe("requires_action");
      const [attempt] = await db.select().from(orderAttempts).where(eq(orderAttempts.basketId, shopper.basket.id));
      await decideChallenge(db, systemClock, attempt.authorizationId!, true);

      const answers = await Promise.all(
        race.servers.map((server) =>
          completePlacement(checkoutServices(server.db, systemClock), {
            basketToken: shopper.basket.token,
            attemptId: attempt.id,
            customer: { id: shopper.shopper.id, vip: false },
          }),
        ),
      );
      const orderIds = answers.map((answer) => (answer.ok === true ? answer.order.id : JSON.stringify(answer)));
      expect(orderIds[0]).toBe(orderIds[1]);
      expect(await db.select().from(orders).where(eq(orders.basketId, shopper.basket.id))).toHaveLength(1);
      expect(await db.select().from(payments).where(eq(payments.authorizationId, attempt.authorizationId!))).toHaveLength(1);
      const [held] = await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.id, attempt.authorizationId!));
      expect(held).toMatchObject({ status: "captured", amount: 2400 });
    }
  });
});
