/**
 * Two members of staff change one gift preset at the same moment, each through its own connection
 * pool (as two app servers would). The product's row lock puts one after the other: both changes
 * are audited, the second's "before" is the first's "after", and the price left is the last one
 * written. Concurrency needs a real server: PostgreSQL only.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ensureGiftPresets, GIFT_PRESET_DEFINITIONS } from "../../seed/gift-presets";
import { ManualClock } from "../../tests/support/manual-clock";
import { twoInstancesOnOneDatabase } from "../../tests/support/two-instances";
import { auditEvents } from "../audit/schema";
import { findGiftPresets } from "../catalog/gift-presets";
import { changeGiftPreset } from "./edit-gift-presets";

const clock = new ManualClock("2026-11-29T09:00:00Z");
const managers = [
  { staffUserId: 51, name: "Nia", role: "deal_manager" as const },
  { staffUserId: 52, name: "Ned", role: "deal_manager" as const },
];
const ukWrap = GIFT_PRESET_DEFINITIONS.find((definition) => definition.countryCode === "GB" && definition.preset === "WRAPPED")!;

describe.skipIf(!process.env.DATABASE_URL)("two deal managers change one gift preset at once (PostgreSQL)", () => {
  const setup = twoInstancesOnOneDatabase(2);

  it("both changes land one after the other, each audited against what the other left", async () => {
    const { database, servers } = setup;
    await ensureGiftPresets(database.db);
    for (let round = 0; round < 6; round++) {
      const prices = [300 + round * 2, 301 + round * 2];
      await Promise.all(servers.map((server, i) => changeGiftPreset(server.db, clock, managers[i], ukWrap.productId, { price: prices[i], unitsLeft: 100 })));
      const audits = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "gift_preset.edit")).orderBy(auditEvents.id);
      // Every round's two prices differ from each other and from the round before: both rows record a price change.
      const [first, second] = audits.slice(-2).map((audit) => (audit.changes as { price: [number, number] }).price);
      expect(new Set([first[1], second[1]])).toEqual(new Set(prices));
      // The second change saw the first one's price: no change was written over unseen.
      expect(second[0]).toBe(first[1]);
      expect((await findGiftPresets(database.db, "GB")).get("WRAPPED")?.price).toBe(second[1]);
    }
  });
});
