/**
 * Two sessions redeeming one gift card code at the same moment, each through its own connection
 * pool (as two app servers would): one credit, in one wallet; the other is told the code is not
 * recognized (it is used). Concurrency needs a real server: PostgreSQL only.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { twoInstancesOnOneDatabase } from "../../tests/support/two-instances";
import { statusEvents } from "../states/schema";
import { walletEntries } from "../wallet/schema";
import { issueGiftCards } from "./issue-gift-cards";
import { redeemGiftCard } from "./redeem-gift-card";

describe.skipIf(!process.env.DATABASE_URL)("two sessions redeem one gift card at once (PostgreSQL)", () => {
  const race = twoInstancesOnOneDatabase(2);

  it("credits once, whether the same shopper or two shoppers race", async () => {
    const { database, servers } = race;
    const at = new Date("2026-12-01T10:00:00Z");
    const ada = await insertCustomer(database.db);
    const bob = await insertCustomer(database.db);
    for (let round = 0; round < 10; round++) {
      const [card] = await database.db.transaction((tx) =>
        issueGiftCards(tx, {
          orderId: round + 1,
          buyerCustomerId: ada.id,
          buyerEmail: ada.email,
          senderName: "Ada",
          brand: "wowcher",
          currency: "GBP",
          at,
          actor: { type: "customer", id: String(ada.id) },
          linkOrigin: "https://www.wowcher.co.uk",
          clock: fixedClock(at),
          lines: [{ orderLineId: round + 1, amount: 2500, recipientName: null, recipientEmail: null, message: null }],
        }),
      );
      const racers = round % 2 === 0 ? [bob, bob] : [ada, bob];
      const outcomes = await Promise.allSettled(
        servers.map((server, index) =>
          redeemGiftCard(server.db, { customerId: racers[index].id, currency: "GBP", code: card.code, at, actor: { type: "customer", id: String(racers[index].id) } }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
      expect(outcomes.find((outcome) => outcome.status === "rejected")?.reason).toMatchObject({ code: "NOT_RECOGNIZED" });
      const credits = await database.db.select().from(walletEntries).where(eq(walletEntries.giftCardId, card.id));
      expect(credits.map((credit) => credit.amount)).toEqual([2500]);
      const redeemed = await database.db
        .select()
        .from(statusEvents)
        .where(and(eq(statusEvents.aggregate, "gift_card"), eq(statusEvents.aggregateId, card.id), eq(statusEvents.toStatus, "REDEEMED")));
      expect(redeemed).toHaveLength(1);
    }
  });
});
