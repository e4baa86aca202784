/**
 * Two tills redeeming one code at the same moment, each through its own connection pool (as two
 * app servers would): exactly one wins, the other is told it was already redeemed, and the
 * voucher's history has one Redeemed row. Concurrency needs a real server: PostgreSQL only.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertDeal } from "../../tests/support/catalog-fixtures";
import { insertVoucher } from "../../tests/support/merchant-fixtures";
import { twoInstancesOnOneDatabase } from "../../tests/support/two-instances";
import { statusEvents } from "../states/schema";
import { redeemVoucher } from "./redeem-voucher";
import { vouchers } from "./schema";

describe.skipIf(!process.env.DATABASE_URL)("two tills redeem one code at once (PostgreSQL)", () => {
  const race = twoInstancesOnOneDatabase(2);

  it("redeems once: one till wins, the other hears it was already redeemed, one history row", async () => {
    const { database, servers: tills, basics } = race;
    const deal = await insertDeal(database.db, basics);
    for (let round = 0; round < 10; round++) {
      const voucher = await insertVoucher(database.db, deal);
      const at = new Date("2026-03-10T12:00:00Z");
      const outcomes = await Promise.allSettled(
        tills.map((till, index) => redeemVoucher(till.db, { merchantId: basics.merchant.id, merchantUserId: index + 1, code: voucher.code, at, timeZone: "Europe/London" })),
      );
      expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
      const lost = outcomes.find((outcome) => outcome.status === "rejected");
      expect(lost?.reason).toMatchObject({ code: "ALREADY_REDEEMED" });
      const [row] = await database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
      expect(row.status).toBe("REDEEMED");
      const history = await database.db
        .select()
        .from(statusEvents)
        .where(and(eq(statusEvents.aggregate, "voucher"), eq(statusEvents.aggregateId, voucher.id), eq(statusEvents.toStatus, "REDEEMED")));
      expect(history).toHaveLength(1);
      expect(history[0].actorId).toBe(String(row.redeemedBy));
    }
  });
});
