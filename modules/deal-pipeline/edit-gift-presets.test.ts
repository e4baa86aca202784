import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureGiftPresets, GIFT_PRESET_DEFINITIONS } from "../../seed/gift-presets";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { auditEvents } from "../audit/schema";
import { findGiftPresets, listGiftPresetRecords } from "../catalog/gift-presets";
import { changeGiftPreset, parseGiftPresetForm } from "./edit-gift-presets";

const clock = new ManualClock("2026-11-29T09:00:00Z");
const manager = { staffUserId: 3, name: "Dana Manager", role: "deal_manager" as const };
const agent = { staffUserId: 5, name: "Cass Service", role: "customer_service" as const };
const ukWrap = GIFT_PRESET_DEFINITIONS.find((definition) => definition.countryCode === "GB" && definition.preset === "WRAPPED")!;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await insertCatalogBasics(database.db);
  await ensureGiftPresets(database.db);
});
afterAll(async () => database?.dispose());

describe("the gift preset form", () => {
  it("reads pounds as pence and a blank units left as unlimited", () => {
    expect(parseGiftPresetForm({ price: "£3.49", unitsLeft: "2,500" })).toEqual({ ok: true, change: { price: 349, unitsLeft: 2500 } });
    expect(parseGiftPresetForm({ price: "3", unitsLeft: "" })).toEqual({ ok: true, change: { price: 300, unitsLeft: null } });
  });

  it("names every problem: no price, a price of nothing or over £100, units that are not a whole number", () => {
    expect(parseGiftPresetForm({ price: "", unitsLeft: "ten" })).toEqual({
      ok: false,
      fieldErrors: { price: "Enter the price, such as 2.99.", unitsLeft: "Enter a whole number from 0 to 1,000,000, or leave it blank for unlimited." },
    });
    expect(parseGiftPresetForm({ price: "0", unitsLeft: "1" })).toMatchObject({ ok: false, fieldErrors: { price: "Enter a price above 0 and at most 100.00." } });
    expect(parseGiftPresetForm({ price: "2999", unitsLeft: "1" })).toMatchObject({ ok: false, fieldErrors: { price: "Enter a price above 0 and at most 100.00." } });
    expect(parseGiftPresetForm({ price: "2.999", unitsLeft: "1" })).toMatchObject({ ok: false, fieldErrors: { price: "Enter an amount in pounds and pence, such as 2.99." } });
  });
});

describe("changing a preset", () => {
  it("lists every market's presets, UK first", async () => {
    const records = await listGiftPresetRecords(database.db);
    expect(records.map((record) => `${record.countryCode} ${record.title}`)).toEqual(
      GIFT_PRESET_DEFINITIONS.map((definition) => `${definition.countryCode} ${definition.headline}`),
    );
  });

  it("a deal manager's new price is what checkout offers next, with an audit row of before and after", async () => {
    await changeGiftPreset(database.db, clock, manager, ukWrap.productId, { price: 349, unitsLeft: 500 });
    expect((await findGiftPresets(database.db, "GB")).get("WRAPPED")?.price).toBe(349);
    const record = (await listGiftPresetRecords(database.db)).find((row) => row.productId === ukWrap.productId)!;
    expect([record.price, record.unitsLeft]).toEqual([349, 500]);
    const [audit] = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "gift_preset.edit"));
    expect(audit).toMatchObject({ actorName: "Dana Manager", entityId: String(ukWrap.dealId) });
    expect(audit.changes).toEqual({ price: [ukWrap.price, 349], unitsLeft: [10_000, 500] });
  });

  it("refuses customer service, and a product that is no preset", async () => {
    await expect(changeGiftPreset(database.db, clock, agent, ukWrap.productId, { price: 100, unitsLeft: null })).rejects.toMatchObject({ code: "NOT_YOUR_ROLE", status: 403 });
    await expect(changeGiftPreset(database.db, clock, manager, 999_999, { price: 100, unitsLeft: null })).rejects.toMatchObject({ code: "GIFT_PRESET_NOT_FOUND", status: 404 });
    expect((await findGiftPresets(database.db, "GB")).get("WRAPPED")?.price).toBe(349);
  });
});
