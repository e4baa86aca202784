/**
 * Two leads approve the same goodwill credit at the same moment, and an agent's double press
 * sends one form twice, each through its own connection pool (as two app servers would): the
 * credit reaches the wallet once. Concurrency needs a real server: PostgreSQL only.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { twoInstancesOnOneDatabase } from "../../tests/support/two-instances";
import { walletEntries } from "../wallet/schema";
import { decideGoodwillCredit, requestGoodwillCredit } from "./goodwill-credits";

const clock = new ManualClock("2026-11-29T09:00:00Z");
const agent = { staffUserId: 61, name: "Ana Agent", role: "customer_service" as const };
const leads = [
  { staffUserId: 62, name: "Lia", role: "customer_service_lead" as const },
  { staffUserId: 63, name: "Leo", role: "customer_service_lead" as const },
];
const origin = () => "https://www.wowcher.example";

describe.skipIf(!process.env.DATABASE_URL)("goodwill credit under concurrency (PostgreSQL)", () => {
  const setup = twoInstancesOnOneDatabase(2);

  it("one form sent twice at once gives one credit, and two leads approving at once add it to the wallet once", async () => {
    const { database, servers } = setup;
    for (let round = 0; round < 5; round++) {
      const shopper = await insertCustomer(database.db);
      const request = { customerId: shopper.id, amount: 5000, reason: "Late delivery", key: `race-goodwill-key-${round}-0000`, approvalAbove: 2500, linkOrigin: origin };
      const asked = await Promise.all(servers.map((server) => requestGoodwillCredit(server.db, clock, agent, request)));
      expect(new Set(asked.map((credit) => credit.id)).size).toBe(1);
      const decided = await Promise.allSettled(
        servers.map((server, i) => decideGoodwillCredit(server.db, clock, leads[i], { creditId: asked[0].id, approve: true, note: "Agreed", linkOrigin: origin })),
      );
      expect(decided.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
      expect(decided.find((outcome) => outcome.status === "rejected")).toMatchObject({ reason: { code: "GOODWILL_DECIDED" } });
      const credits = await database.db.select().from(walletEntries).where(eq(walletEntries.customerId, shopper.id));
      expect(credits.map((entry) => entry.amount)).toEqual([5000]);
    }
  });
});
