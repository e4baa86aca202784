import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSellable } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { type TestDatabase, createTestDatabase } from "../../tests/support/test-db";
import { insertTravelStay } from "../../tests/support/travel-fixtures";
import { auditEvents } from "../audit/schema";
import { inventoryNights } from "../inventory/schema";
import type { StaffActor } from "../staff/staff-actor";
import { travelRates } from "../travel/schema";
import { importTravelRates } from "./import-travel-rates";
import { travelRatesFrom } from "../travel/travel-rates-export";
import { MAX_RATE_ROWS, parseTravelRateFile, travelRatesCsv } from "./travel-rates-csv";

const clock = new ManualClock("2027-03-01T09:00:00Z");
const manager: StaffActor = { staffUserId: 4, name: "Mona", role: "deal_manager" };
const LONDON = "Europe/London";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
});
afterAll(async () => database?.dispose());

describe("a nights-and-rates file", () => {
  it("names every problem with its line, and reads a good row with its defaults", () => {
    const file = [
      "option,night,price,vip_price,rooms,arrival,min_stay,max_stay,extra_cost",
      "7,2027-03-10,89.00,79.50,4,yes,2,7,City tax £2.50 per night",
      "8,2027-02-30,eighty,,x,maybe,9,3,",
      "7,2027-02-27,10,20,1,,,,",
      "7,2027-03-10,89.00,,4,,,,",
    ].join("\n");
    const parsed = parseTravelRateFile(file, [7], "2027-03-01");
    expect(parsed.rates).toEqual([
      {
        productId: 7,
        night: "2027-03-10",
        price: 8900,
        vipPrice: 7950,
        openForArrival: true,
        openForDeparture: true,
        openForSale: true,
        minLengthOfStay: 2,
        maxLengthOfStay: 7,
        additionalCostText: "City tax £2.50 per night",
      },
    ]);
    expect(parsed.rooms).toEqual([{ productId: 7, night: "2027-03-10", rooms: 4 }]);
    expect(parsed.errors).toEqual([
      {
        line: 3,
        message:
          'option "8" is not one of this deal\'s dated options (7); night "2027-02-30" is not a date like 2027-03-14; price "eighty" is not an amount like 89.00; rooms "x" is not a whole number from 0 to 999; arrival "maybe" is not yes or no; min_stay is above max_stay.',
      },
      { line: 4, message: "night 2027-02-27 is already past; vip_price is above price." },
      { line: 5, message: "option 7 on 2027-03-10 is already on line 2." },
    ]);
  });

  it("refuses a file without the required columns, with unknown ones, or too long", () => {
    expect(parseTravelRateFile("option,night,cost\n7,2027-03-10,1", [7], "2027-03-01").errors[0].message).toContain("missing price, rooms; unknown cost");
    const long = ["option,night,price,rooms", ...Array.from({ length: MAX_RATE_ROWS + 1 }, () => "7,2027-03-10,1,1")].join("\n");
    expect(parseTravelRateFile(long, [7], "2027-03-01").errors[0].message).toContain("at most 20,000 rows");
    expect(parseTravelRateFile('option,night,price,rooms\n7,"2027', [7], "2027-03-01").errors[0].message).toContain("never closed");
  });
});

describe("staff load a travel deal's nights and rates", () => {
  it("a dry run writes nothing; applying writes rates and rooms in one go, keeps rooms already sold, and is audited", async () => {
    const { deal, product } = await insertTravelStay(database.db, basics, { from: "2027-03-05", nights: 3, capacity: 5, price: 5000 });
    await database.db
      .update(inventoryNights)
      .set({ sold: 3 })
      .where(and(eq(inventoryNights.productId, product.id), eq(inventoryNights.night, "2027-03-05")));
    const file = `option,night,price,vip_price,rooms,on_sale\n${product.id},2027-03-05,95.00,,2,yes\n${product.id},2027-04-01,120.00,110.00,6,no\n`;

    const dry = await importTravelRates(database.db, clock, manager, { id: deal.id, timeZone: LONDON }, file, false);
    expect(dry).toMatchObject({ rows: 2, errors: [], applied: false, options: [{ productId: product.id, nights: 2, first: "2027-03-05", last: "2027-04-01" }] });
    const rate = async (night: string) =>
      (
        await database.db
          .select()
          .from(travelRates)
          .where(and(eq(travelRates.productId, product.id), eq(travelRates.night, night)))
      )[0];
    expect((await rate("2027-03-05")).price).toBe(5000);

    expect(await importTravelRates(database.db, clock, manager, { id: deal.id, timeZone: LONDON }, file, true)).toMatchObject({ applied: true, rows: 2 });
    expect(await rate("2027-03-05")).toMatchObject({ price: 9500, vipPrice: null });
    expect(await rate("2027-04-01")).toMatchObject({ price: 12_000, vipPrice: 11_000, openForSale: false });
    const rooms = await database.db
      .select({ night: inventoryNights.night, capacity: inventoryNights.capacity })
      .from(inventoryNights)
      .where(eq(inventoryNights.productId, product.id));
    // Three rooms were sold on the 5th: asking for 2 keeps 3.
    expect(rooms).toEqual(
      expect.arrayContaining([
        { night: "2027-03-05", capacity: 3 },
        { night: "2027-04-01", capacity: 6 },
      ]),
    );
    // What staff download is what they load again: the same rates, unchanged.
    const downloaded = travelRatesCsv(await travelRatesFrom(database.db, [product.id], "2027-03-01"));
    const reread = parseTravelRateFile(downloaded, [product.id], "2027-03-01");
    expect(reread.errors).toEqual([]);
    expect(reread.rates).toEqual(await database.db.select().from(travelRates).where(eq(travelRates.productId, product.id)).orderBy(travelRates.night));
    const [audit] = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, String(deal.id)), eq(auditEvents.action, "deal.travel-rates-import")));
    expect(audit).toMatchObject({ actorName: "Mona", entityType: "deal" });
  });

  it("writes nothing when a row has an error, refuses a deal without dated options, and a role without deals.edit", async () => {
    const { deal, product } = await insertTravelStay(database.db, basics, { from: "2027-03-05", nights: 1, price: 5000 });
    const file = `option,night,price,rooms\n${product.id},2027-03-05,70.00,2\n${product.id},2027-03-06,oops,2\n`;
    await expect(importTravelRates(database.db, clock, manager, { id: deal.id, timeZone: LONDON }, file, true)).rejects.toMatchObject({ code: "RATES_FILE_HAS_ERRORS" });
    const [unchanged] = await database.db
      .select()
      .from(travelRates)
      .where(and(eq(travelRates.productId, product.id), eq(travelRates.night, "2027-03-05")));
    expect(unchanged.price).toBe(5000);
    const plain = (await insertSellable(database.db, basics)).deal;
    await expect(importTravelRates(database.db, clock, manager, { id: plain.id, timeZone: LONDON }, file, false)).rejects.toMatchObject({ code: "NO_DATED_OPTIONS" });
    const service: StaffActor = { staffUserId: 5, name: "Cass", role: "customer_service" };
    await expect(importTravelRates(database.db, clock, service, { id: deal.id, timeZone: LONDON }, file, false)).rejects.toMatchObject({ code: "NOT_YOUR_ROLE", status: 403 });
  });
});
