import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, createTestDatabase } from "../../tests/support/test-db";
import { daysFrom, holdNight, insertNights, insertTravelBasics, insertTravelDeal, weekday } from "../../tests/support/travel-calendar-fixtures";
import type { Db } from "../../db/client";
import type { CalendarDay } from "./availability-types";
import { dealAvailability } from "./availability";
import { loadNightArrays, nightArraysFrom } from "./night-arrays";
import { loadNightAvailability } from "./night-availability";
import { parseTravelDate } from "./travel-dates";

/**
 * A country hotel as the seed makes them: a breakfast room (per night, VIP price, no Sunday
 * arrivals, two nights from Fridays and Saturdays, closed in March, long stays allowed in April)
 * and a cheaper room-only rate on a few February days. "Today" is Wednesday 10 February 2027.
 */
const now = new Date("2027-02-10T10:00:00Z");
const PARKING = "Parking £10 per car per night, payable at the hotel";
let database: TestDatabase;
let db: Db;
let dealId: number;
let breakfast: number;
let roomOnly: number;
let cottage: number;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const travel = await insertTravelBasics(db);
  const fixture = await insertTravelDeal(db, travel, {
    products: [
      { name: "Double room with breakfast", basis: "night", price: 10000 },
      { name: "Double room, room only", basis: "night", roomOnly: true, price: 8000 },
    ],
  });
  dealId = fixture.deal.id;
  [breakfast, roomOnly] = fixture.products.map((p) => p.id);
  const weekend = (day: string) => weekday(day) === 5 || weekday(day) === 6;
  await insertNights(db, breakfast, [...daysFrom("2027-02-01", "2027-02-28"), ...daysFrom("2027-04-01", "2027-04-30")], (day) => ({
    price: weekend(day) ? 12000 : 10000,
    vipPrice: weekend(day) ? 10800 : 9000,
    openForArrival: weekday(day) !== 0,
    minLengthOfStay: weekend(day) ? 2 : 1,
    maxLengthOfStay: day >= "2027-04-01" ? 30 : 7,
    additionalCostText: PARKING,
    capacity: 3,
    // Saturday 20 February is sold out.
    sold: day === "2027-02-20" ? 3 : 0,
  }));
  await insertNights(db, roomOnly, daysFrom("2027-02-11", "2027-02-13"), () => ({ price: 8000, maxLengthOfStay: 3, capacity: 1 }));
  // Another shopper's basket holds 2 of the 3 breakfast rooms on Wednesday 24 February.
  await holdNight(db, breakfast, "2027-02-24", 2, new Date("2027-02-10T10:30:00Z"));
  // A summer cottage: open from May, every June night already sold.
  const summer = await insertTravelDeal(db, travel, { products: [{ name: "Cottage for two", basis: "night", price: 15000 }] });
  cottage = summer.deal.id;
  await insertNights(db, summer.products[0].id, daysFrom("2027-05-01", "2027-07-31"), (day) => ({ price: 15000, capacity: 1, sold: day.startsWith("2027-06") ? 1 : 0 }));
});

afterAll(() => database.dispose());

async function calendar(request: Partial<Parameters<typeof dealAvailability>[1]> = {}) {
  return dealAvailability(db, { dealId, countryCode: "GB", now, ...request });
}

function day(days: CalendarDay[], date: string): CalendarDay {
  const found = days.find((d) => d.dateString === date);
  if (!found) throw new Error(`no ${date} in the month`);
  return found;
}

describe("the month calendar", () => {
  it("opens on the first month with a day to arrive and prices each day per person, cheapest option first", async () => {
    const feb = await calendar();
    expect(feb).toMatchObject({ currentMonth: 2, currentYear: 2027, previousAvailable: null, nextAvailable: { month: 4, year: 2027 } });
    const days = feb.calendarDateViewVOList;
    expect(days).toHaveLength(28);
    expect(days[0]).toMatchObject({ dateString: "2027-02-01", date: Date.UTC(2027, 1, 1) });
    // Today and before: nothing to book.
    expect(day(days, "2027-02-10")).toMatchObject({ openForArrival: false, openForSale: false, minPrice: null });
    // Thursday 11th: room only at £80 a night for two is £40 each, below breakfast's £50.
    expect(day(days, "2027-02-11")).toMatchObject({ openForArrival: true, openForSale: true, dateSoldOut: false, minPrice: 4000, minLengthOfStay: 1, maxLengthOfStay: 7 });
    // Monday 15th: breakfast only, £100 a night, £90 for VIPs: £50 and £45 each.
    expect(day(days, "2027-02-15")).toMatchObject({ minPrice: 5000, vipPrice: 4500, vipDiscountAllowed: true, additionalCostText: PARKING });
  });

  it("marks closed arrival days, weekend minimum stays and the sold-out night", async () => {
    const days = (await calendar({ month: 2, year: 2027 })).calendarDateViewVOList;
    // Sunday 14th: on sale, but the hotel takes no Sunday arrivals.
    expect(day(days, "2027-02-14")).toMatchObject({ openForArrival: false, openForSale: true, dateSoldOut: false, minPrice: null });
    // Saturday 20th is sold out; Friday 19th needs two nights, so it cannot be an arrival day either.
    expect(day(days, "2027-02-20")).toMatchObject({ dateSoldOut: true, openForArrival: false, openForSale: true, minPrice: null });
    expect(day(days, "2027-02-19")).toMatchObject({ dateSoldOut: false, openForArrival: false, minLengthOfStay: 2 });
    // Saturday 13th: two nights of weekend rate at least (room only has no weekend minimum and is cheaper).
    expect(day(days, "2027-02-13")).toMatchObject({ openForArrival: true, minPrice: 4000, minLengthOfStay: 1 });
    // A stay can end on Sunday 21st (after Saturday night, which is on sale).
    expect(day(days, "2027-02-21").openForDeparture).toBe(true);
  });

  it("counts other baskets' holds: four passengers need two rooms, and one is left on the 24th", async () => {
    const forTwo = (await calendar({ month: 2, year: 2027, quantity: 2 })).calendarDateViewVOList;
    const forFour = (await calendar({ month: 2, year: 2027, quantity: 4 })).calendarDateViewVOList;
    expect(day(forTwo, "2027-02-24")).toMatchObject({ dateSoldOut: false, openForArrival: true, minPrice: 5000 });
    expect(day(forFour, "2027-02-24")).toMatchObject({ dateSoldOut: true, openForArrival: false });
    // Two rooms for four on the 15th: £200 a night, still £50 each.
    expect(day(forFour, "2027-02-15").minPrice).toBe(5000);
  });

  it("prices stays of the chosen number of nights", async () => {
    const days = (await calendar({ month: 2, year: 2027, nights: 2 })).calendarDateViewVOList;
    // Mon 15 + Tue 16: £200 for two, £100 each; VIP £180, £90 each.
    expect(day(days, "2027-02-15")).toMatchObject({ minPrice: 10000, vipPrice: 9000 });
    // Thursday 18th for two nights runs into the sold-out Saturday? No: Thu + Fri, check-out Saturday.
    expect(day(days, "2027-02-18")).toMatchObject({ openForArrival: true, minPrice: 11000 });
    // Three nights from the 11th would be past room only's last night; two are fine.
    expect(day(days, "2027-02-11").minPrice).toBe(8000);
  });

  it("walks to the months around and shows the last day a stay can end", async () => {
    const march = await calendar({ month: 3, year: 2027 });
    expect(march.calendarDateViewVOList.every((d) => !d.openForArrival && !d.openForSale)).toBe(true);
    expect(march).toMatchObject({ previousAvailable: { month: 2, year: 2027 }, nextAvailable: { month: 4, year: 2027 } });
    const april = await calendar({ month: 4, year: 2027 });
    expect(april).toMatchObject({ previousAvailable: { month: 2, year: 2027 }, nextAvailable: null, lastAvailableStay: "2027-05-01" });
    // A month before this one shows this one.
    expect(await calendar({ month: 1, year: 2027 })).toMatchObject({ currentMonth: 2, currentYear: 2027 });
  });

  it("opens on the first month with arrivals however far off, and walks through months by the merchant's rules, sold-out ones too", async () => {
    const may = await dealAvailability(db, { dealId: cottage, countryCode: "GB", now });
    expect(may).toMatchObject({ currentMonth: 5, currentYear: 2027, previousAvailable: null, nextAvailable: { month: 6, year: 2027 }, lastAvailableStay: "2027-08-01" });
    expect(may.calendarDateViewVOList[0]).toMatchObject({ dateString: "2027-05-01", openForArrival: true, minPrice: 7500 });
    // June takes arrivals by the rules but every room is sold: the arrows lead there, the days say so.
    const june = await dealAvailability(db, { dealId: cottage, countryCode: "GB", now, month: 6, year: 2027 });
    expect(june.calendarDateViewVOList.every((d) => d.dateSoldOut && !d.openForArrival)).toBe(true);
    expect(june).toMatchObject({ previousAvailable: { month: 5, year: 2027 }, nextAvailable: { month: 7, year: 2027 } });
  });

  it("supports 1 to 16 nights: April allows 30, but no stay is longer than 16 nights or past the 28-day window", async () => {
    const april = await calendar({ month: 4, year: 2027 });
    expect(april.supportedNumberOfNights).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(april.calendarDateViewVOList.find((d) => d.dateString === "2027-04-05")?.maxLengthOfStay).toBe(16);
  });

  it("lists the options as rooms and room only, and prices only the lead product when one is given", async () => {
    const feb = await calendar();
    expect(feb.calendarProductViewVOList.map((p) => p.productId)).toEqual([breakfast, roomOnly]);
    expect(feb.calendarRoomView).toEqual([expect.objectContaining({ productId: breakfast, roomOnly: false, priceBasis: "night", occupancy: 2 })]);
    expect(feb.calendarRoomOnlyView).toEqual([expect.objectContaining({ productId: roomOnly, roomOnly: true })]);
    const onlyRoomOnly = (await calendar({ leadProductId: roomOnly, month: 2, year: 2027 })).calendarDateViewVOList;
    expect(day(onlyRoomOnly, "2027-02-11").minPrice).toBe(4000);
    expect(day(onlyRoomOnly, "2027-02-15").openForArrival).toBe(false);
    await expect(calendar({ leadProductId: 1 })).rejects.toMatchObject({ code: "PRODUCT_NOT_IN_DEAL", status: 400 });
  });

  it("refuses odd passengers, nights past 16 and half a month with clear messages", async () => {
    await expect(calendar({ quantity: 3 })).rejects.toMatchObject({ status: 400, message: "Please choose 2, 4, 6 or 8 passengers." });
    await expect(calendar({ nights: 17 })).rejects.toMatchObject({ status: 400, code: "INVALID_NIGHTS" });
    await expect(calendar({ month: 4 })).rejects.toMatchObject({ status: 400, code: "INVALID_MONTH" });
    await expect(calendar({ departureAirport: "Gatwick please" })).rejects.toMatchObject({ status: 400, code: "INVALID_AIRPORT" });
    await expect(dealAvailability(db, { dealId: 1, countryCode: "GB", now })).rejects.toMatchObject({ status: 404, code: "DEAL_NOT_FOUND" });
    await expect(dealAvailability(db, { dealId, countryCode: "IE", now })).rejects.toMatchObject({ status: 404 });
  });
});

describe("the packed nights", () => {
  it("say what loadNightAvailability says, holds included", async () => {
    const request = { productIds: [breakfast, roomOnly], from: "2027-02-11", to: "2027-02-28", now };
    const packed = await loadNightArrays(db, request);
    const rows = await loadNightAvailability(db, request);
    for (const productId of request.productIds) expect(packed.get(productId)).toEqual(nightArraysFrom(rows.get(productId), request.from));
    const held = packed.get(breakfast)!;
    expect(held.unitsLeft[held.offsets.indexOf(13)]).toBe(1); // the 24th: 3 rooms − 2 held
  });
});

describe("travel dates", () => {
  it("reads the date forms of spec §9 and refuses unreal days", () => {
    expect(["2027-03-05", "05/03/2027", "05/03/27", "05-03-2027"].map(parseTravelDate)).toEqual(["2027-03-05", "2027-03-05", "2027-03-05", "2027-03-05"]);
    expect(["31/02/2027", "05-03-27", "2027-3-5", "tomorrow", ""].map(parseTravelDate)).toEqual([null, null, null, null, null]);
  });
});
