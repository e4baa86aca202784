/**
 * Two members of staff create a promo code with the same letters at the same moment, each through
 * its own connection pool (as two app servers would). Both pass the "letters taken?" check; the
 * unique index keeps one, and the other is told the letters are taken (409, not a 500). One code,
 * one audit row. Concurrency needs a real server: PostgreSQL only.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../tests/support/manual-clock";
import { twoInstancesOnOneDatabase } from "../../tests/support/two-instances";
import { auditEvents } from "../audit/schema";
import type { StaffActor } from "../staff/staff-actor";
import { type PromoCodeTerms, savePromoCode } from "./manage-promo-codes";
import { promoCodes } from "./schema";

const clock = new ManualClock("2026-11-28T09:00:00Z");
const managers: StaffActor[] = [
  { staffUserId: 51, name: "Mona", role: "deal_manager" },
  { staffUserId: 52, name: "Max", role: "deal_manager" },
];
const terms = (code: string): PromoCodeTerms => ({
  brand: "wowcher",
  code,
  kind: "fixed",
  value: 500,
  minimumSpend: 0,
  subCategoryId: null,
  startsAt: new Date("2026-12-01T00:00:00Z"),
  endsAt: new Date("2026-12-31T23:59:00Z"),
  maxUses: null,
  maxUsesPerCustomer: 1,
});

describe.skipIf(!process.env.DATABASE_URL)("two members of staff create the same letters at once (PostgreSQL)", () => {
  const setup = twoInstancesOnOneDatabase(2);

  it("one code is made; the other save hears the letters are taken and writes nothing", async () => {
    const { database, servers } = setup;
    for (let round = 0; round < 8; round++) {
      const outcomes = await Promise.allSettled([
        savePromoCode(servers[0].db, clock, managers[0], null, terms(`race-${round}`)),
        savePromoCode(servers[1].db, clock, managers[1], null, terms(`RACE-${round}`)),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
      expect(outcomes.find((outcome) => outcome.status === "rejected")?.reason).toMatchObject({ code: "CODE_TAKEN", status: 409 });
    }
    const [{ codes }] = await database.db
      .select({ codes: sql<number>`count(*)::int` })
      .from(promoCodes)
      .where(sql`${promoCodes.code} like 'RACE-%'`);
    expect(codes).toBe(8);
    const [{ audits }] = await database.db
      .select({ audits: sql<number>`count(*)::int` })
      .from(auditEvents)
      .where(sql`${auditEvents.action} = 'promo-code.create'`);
    expect(audits).toBe(8);
  });
});
