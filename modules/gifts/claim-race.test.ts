/**
 * One gift code claimed by two recipients at once on two app instances (each with its own
 * connection pool, as two race.servers would have) against one PostgreSQL database: one holder, one
 * claim, one email. Concurrency needs a real server, so this runs whenever DATABASE_URL is set.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { systemClock } from "../../lib/clock";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { buyEGift } from "../../tests/support/gift-fixtures";
import { twoInstancesOnOneDatabase } from "../../tests/support/two-instances";
import { products } from "../catalog/schema";
import { outboxMessages } from "../mail/schema";
import { vouchers } from "../vouchers/schema";
import { claimGift } from "./claim-gift";
import { giftClaims } from "./schema";

describe.skipIf(!process.env.DATABASE_URL)("claiming one gift code twice at once (two instances, one PostgreSQL)", () => {
  const race = twoInstancesOnOneDatabase();

  it("makes exactly one of the two the holder, and moves one unit of stock when both chose another option", async () => {
    for (let round = 0; round < 5; round++) {
      const buyer = await insertCustomer(race.database.db);
      const rivals = await Promise.all([insertCustomer(race.database.db), insertCustomer(race.database.db)]);
      const bought = await buyEGift(race.database.db, systemClock, race.basics, buyer);
      const [claim] = await race.database.db.select().from(giftClaims).where(eq(giftClaims.orderId, bought.order.id));
      const outcomes = await Promise.allSettled(
        rivals.map((rival, index) =>
          claimGift(
            { db: race.servers[index].db, clock: systemClock, brand: "wowcher", linkOrigin: "https://www.wowcher.co.uk" },
            { code: claim.code, customer: { id: rival.id, email: rival.email, firstName: "Rival" }, productId: bought.cheaper.id, actor: { type: "customer", id: String(rival.id) } },
          ),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
      const refused = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason.message).toBe("Gift code not recognized. Please try again.");

      const winner = rivals[outcomes.findIndex((outcome) => outcome.status === "fulfilled")];
      const [voucher] = await race.database.db.select().from(vouchers).where(eq(vouchers.id, bought.vouchers[0].id));
      expect(voucher.holderCustomerId).toBe(winner.id);
      const [after] = await race.database.db.select().from(giftClaims).where(eq(giftClaims.id, claim.id));
      expect(after).toMatchObject({ status: "CLAIMED", claimedByCustomerId: winner.id });
      const left = await race.database.db.select({ id: products.id, left: products.totalRemaining }).from(products).where(eq(products.dealId, bought.deal.id)).orderBy(products.id);
      expect(left.map((row) => row.left)).toEqual([10, 9, 10]);
      for (const rival of rivals) {
        const mail = await race.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, rival.email)).orderBy(outboxMessages.id);
        expect(mail).toHaveLength(rival.id === winner.id ? 1 : 0);
      }
    }
  });
});
