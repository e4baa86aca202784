import { and, eq, gte, lte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { type TestDatabase, createTestDatabase } from "../../tests/support/test-db";
import { insertTravelStay } from "../../tests/support/travel-fixtures";
import { auditEvents } from "../audit/schema";
import { inventoryNights } from "../inventory/schema";
import type { StaffActor } from "../staff/staff-actor";
import { travelRates } from "../travel/schema";
import { editTravelNights, nightsBetween, parseNightsForm } from "./edit-travel-nights";

const clock = new ManualClock("2027-03-01T09:00:00Z");
const manager: StaffActor = { staffUserId: 4, name: "Mona", role: "deal_manager" };
const LONDON = "Europe/London";
const form = { from: "2027-03-05", to: "2027-03-07", price: "95.00", vipPrice: "", rooms: "4", onSale: "yes" };

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
});
afterAll(async () => database?.dispose());

describe("the calendar's form", () => {
  it("reads a run of nights in pounds, and names each field's problem", () => {
    expect(parseNightsForm({ ...form, price: "£95", vipPrice: "85.50" }, 7, "2027-03-01")).toEqual({
      ok: true,
      change: { productId: 7, from: "2027-03-05", to: "2027-03-07", price: 9500, vipPrice: 8550, rooms: 4, onSale: true },
    });
    expect(parseNightsForm({ from: "2027-02-28", to: "2027-02-27", price: "0", vipPrice: "x", rooms: "-1", onSale: "" }, 7, "2027-03-01")).toEqual({
      ok: false,
      fieldErrors: {
        from: "The first night is already past: choose today or later.",
        to: "The last night must be on or after the first night.",
        price: "Enter the price, such as 89.00.",
        vipPrice: "Enter the VIP price, such as 79.00, or leave it blank.",
        rooms: "Enter the rooms on sale each night, a whole number from 0 to 999.",
        onSale: "Choose whether these nights are on sale.",
      },
    });
    expect(parseNightsForm({ ...form, to: "2028-03-05" }, 7, "2027-03-01")).toMatchObject({ ok: false, fieldErrors: { to: "Change at most 366 nights at once." } });
    expect(parseNightsForm({ ...form, vipPrice: "95" }, 7, "2027-03-01")).toMatchObject({
      ok: false,
      fieldErrors: { vipPrice: "The VIP price must be lower than the price, or left blank." },
    });
    expect(nightsBetween("2027-03-30", "2027-04-01")).toEqual(["2027-03-30", "2027-03-31", "2027-04-01"]);
  });
});

describe("staff change a run of nights from the calendar", () => {
  it("sets price, rooms and sale on every night, keeps each night's stay rules and what is sold, adds new nights, and is audited", async () => {
    const { deal, product } = await insertTravelStay(database.db, basics, { from: "2027-03-05", nights: 1, capacity: 5, price: 5000, minLengthOfStay: 2 });
    await database.db
      .update(inventoryNights)
      .set({ sold: 3 })
      .where(and(eq(inventoryNights.productId, product.id), eq(inventoryNights.night, "2027-03-05")));
    const parsed = parseNightsForm({ ...form, rooms: "2", onSale: "no" }, product.id, "2027-03-01");
    if (!parsed.ok) throw new Error("the form should be good");
    expect(await editTravelNights(database.db, clock, manager, { id: deal.id, timeZone: LONDON }, parsed.change)).toEqual({ nights: 3 });

    const rates = await database.db
      .select({ night: travelRates.night, price: travelRates.price, onSale: travelRates.openForSale, minStay: travelRates.minLengthOfStay })
      .from(travelRates)
      .where(and(eq(travelRates.productId, product.id), gte(travelRates.night, "2027-03-05"), lte(travelRates.night, "2027-03-07")))
      .orderBy(travelRates.night);
    expect(rates).toEqual([
      { night: "2027-03-05", price: 9500, onSale: false, minStay: 2 },
      { night: "2027-03-06", price: 9500, onSale: false, minStay: 2 },
      { night: "2027-03-07", price: 9500, onSale: false, minStay: 1 },
    ]);
    const rooms = await database.db
      .select({ night: inventoryNights.night, capacity: inventoryNights.capacity })
      .from(inventoryNights)
      .where(eq(inventoryNights.productId, product.id))
      .orderBy(inventoryNights.night);
    // Three rooms were sold on the 5th: asking for 2 keeps 3.
    expect(rooms.filter((room) => room.night >= "2027-03-05" && room.night <= "2027-03-07")).toEqual([
      { night: "2027-03-05", capacity: 3 },
      { night: "2027-03-06", capacity: 2 },
      { night: "2027-03-07", capacity: 2 },
    ]);
    const [audit] = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, String(deal.id)), eq(auditEvents.action, "deal.travel-nights-edit")));
    expect(audit).toMatchObject({ actorName: "Mona", entityType: "deal" });
  });

  it("refuses another deal's option, a past night and a role without deals.edit, writing nothing", async () => {
    const { deal, product } = await insertTravelStay(database.db, basics, { from: "2027-03-05", nights: 1, price: 5000 });
    const other = await insertTravelStay(database.db, basics, { from: "2027-03-05", nights: 1, price: 5000 });
    const change = { productId: other.product.id, from: "2027-03-05", to: "2027-03-05", price: 100, vipPrice: null, rooms: 1, onSale: true };
    await expect(editTravelNights(database.db, clock, manager, { id: deal.id, timeZone: LONDON }, change)).rejects.toMatchObject({ code: "NO_DATED_OPTIONS" });
    await expect(editTravelNights(database.db, clock, manager, { id: deal.id, timeZone: LONDON }, { ...change, productId: product.id, from: "2027-02-28" })).rejects.toMatchObject({
      code: "NIGHTS_IN_PAST",
    });
    const service: StaffActor = { staffUserId: 5, name: "Cass", role: "customer_service" };
    await expect(editTravelNights(database.db, clock, service, { id: deal.id, timeZone: LONDON }, { ...change, productId: product.id })).rejects.toMatchObject({
      code: "NOT_YOUR_ROLE",
    });
    const [unchanged] = await database.db
      .select({ price: travelRates.price })
      .from(travelRates)
      .where(and(eq(travelRates.productId, product.id), eq(travelRates.night, "2027-03-05")));
    expect(unchanged.price).toBe(5000);
  });
});
