/**
 * Two members of staff move one deal at the same moment, each through its own connection pool (as
 * two app servers would): one deal manager pauses it while another closes it. Exactly one move
 * wins; the other is told the deal changed meanwhile and writes nothing, so the deal has one
 * history row and one audit row for the moment. Concurrency needs a real server: PostgreSQL only.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertSellable } from "../../tests/support/buying-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { twoInstancesOnOneDatabase } from "../../tests/support/two-instances";
import { auditEvents } from "../audit/schema";
import { deals } from "../catalog/schema";
import { statusEvents } from "../states/schema";
import type { StaffActor } from "../staff/staff-actor";
import { changeDealState } from "./change-deal-state";

const clock = new ManualClock("2026-11-28T09:00:00Z");
const managers: StaffActor[] = [
  { staffUserId: 41, name: "Mona", role: "deal_manager" },
  { staffUserId: 42, name: "Max", role: "deal_manager" },
];

describe.skipIf(!process.env.DATABASE_URL)("two deal managers move one live deal at once (PostgreSQL)", () => {
  const setup = twoInstancesOnOneDatabase(2);

  it("one move wins, the other hears the deal changed and writes nothing: one history row, one audit row", async () => {
    const { database, servers, basics } = setup;
    for (let round = 0; round < 8; round++) {
      const { deal } = await insertSellable(database.db, basics, { deal: { status: "live", published: true } });
      const outcomes = await Promise.allSettled([
        changeDealState(servers[0].db, clock, managers[0], { dealId: deal.id, from: "live", to: "paused", reason: "Merchant asked for a pause." }),
        changeDealState(servers[1].db, clock, managers[1], { dealId: deal.id, from: "live", to: "closed", reason: "Merchant closed for good." }),
      ]);
      const won = outcomes.findIndex((outcome) => outcome.status === "fulfilled");
      expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
      const lost = outcomes.find((outcome) => outcome.status === "rejected");
      expect(lost?.reason).toMatchObject({ status: 409 });

      const winner = won === 0 ? "paused" : "closed";
      const [row] = await database.db.select({ status: deals.status }).from(deals).where(eq(deals.id, deal.id));
      expect(row.status).toBe(winner);
      const history = await database.db
        .select({ to: statusEvents.toStatus, actorId: statusEvents.actorId })
        .from(statusEvents)
        .where(and(eq(statusEvents.aggregate, "deal"), eq(statusEvents.aggregateId, deal.id)));
      expect(history).toEqual([{ to: winner, actorId: String(managers[won].staffUserId) }]);
      const audits = await database.db
        .select({ action: auditEvents.action, actorName: auditEvents.actorName })
        .from(auditEvents)
        .where(eq(auditEvents.entityId, String(deal.id)));
      expect(audits).toEqual([{ action: `deal.${winner}`, actorName: managers[won].name }]);
    }
  });
});
