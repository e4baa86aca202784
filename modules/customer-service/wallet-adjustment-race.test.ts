/**
 * Two leads approve the same wallet adjustment at the same moment, and an agent's double press
 * sends one form twice, each through its own connection pool (as two app servers would): one
 * adjustment, applied to the wallet once; two debits at once never take a balance below zero.
 * Concurrency needs a real server: PostgreSQL only.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { twoInstancesOnOneDatabase } from "../../tests/support/two-instances";
import { walletEntries } from "../wallet/schema";
import { walletBalance } from "../wallet/wallet";
import { decideWalletAdjustment, requestWalletAdjustment } from "./wallet-adjustments";

const clock = new ManualClock("2026-11-29T09:00:00Z");
const agent = { staffUserId: 61, name: "Ana Agent", role: "customer_service" as const };
const leads = [
  { staffUserId: 62, name: "Lia", role: "customer_service_lead" as const },
  { staffUserId: 63, name: "Leo", role: "customer_service_lead" as const },
];
const origin = () => "https://www.wowcher.example";

describe.skipIf(!process.env.DATABASE_URL)("wallet adjustments under concurrency (PostgreSQL)", () => {
  const setup = twoInstancesOnOneDatabase(2);

  it("one form sent twice at once gives one adjustment, and two leads approving at once change the wallet once", async () => {
    const { database, servers } = setup;
    for (let round = 0; round < 5; round++) {
      const shopper = await insertCustomer(database.db);
      const base = { customerId: shopper.id, balanceType: "refundable", reason: "Wrong refund split", approvalAbove: 2500, linkOrigin: origin };
      const request = { ...base, amount: 5000, key: `race-adjust-key-${round}-0000` };
      const asked = await Promise.all(servers.map((server) => requestWalletAdjustment(server.db, clock, agent, request)));
      expect(new Set(asked.map((adjustment) => adjustment.id)).size).toBe(1);
      const decided = await Promise.allSettled(
        servers.map((server, i) =>
          decideWalletAdjustment(server.db, clock, leads[i], { customerId: shopper.id, adjustmentId: asked[0].id, approve: true, note: "Agreed", linkOrigin: origin }),
        ),
      );
      expect(decided.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
      expect(decided.find((outcome) => outcome.status === "rejected")).toMatchObject({ reason: { code: "ADJUSTMENT_DECIDED" } });
      expect((await database.db.select().from(walletEntries).where(eq(walletEntries.customerId, shopper.id))).map((entry) => entry.amount)).toEqual([5000]);

      // Two different debits of 2,000 at once against 5,000 both go; then two of 600 against the 1,000 left: one goes, never below zero.
      const debits = (tag: string, amount: number) =>
        Promise.allSettled(servers.map((server, i) => requestWalletAdjustment(server.db, clock, agent, { ...base, amount, key: `race-adjust-${tag}-${round}-${i}-000` })));
      expect((await debits("a", -2000)).every((outcome) => outcome.status === "fulfilled")).toBe(true);
      const late = await debits("b", -600);
      expect(late.filter((outcome) => outcome.status === "rejected").map((outcome) => (outcome as PromiseRejectedResult).reason.code)).toEqual(["BALANCE_TOO_SMALL"]);
      expect((await walletBalance(database.db, shopper.id, "GBP", { now: clock.now() })).refundable).toBe(400);
    }
  });
});
