import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { type TestDatabase, createTestDatabase } from "../../tests/support/test-db";
import { daysFrom, insertFlight, insertNights, insertTravelBasics, insertTravelDeal, weekday } from "../../tests/support/travel-calendar-fixtures";
import { dealAvailability } from "./availability";
import { calendarProducts } from "./calendar-products";
import { cheapestFlight, flightsForDate } from "./flights";

/**
 * A choose-your-flight package: 3 nights in Majorca for £600 a room (two sharing), arriving on
 * Mondays and Fridays, flying from Gatwick (the lead fare), Stansted (+£10 out, 2 seats left) or
 * Manchester (+£20 out). Back three days later: Gatwick +£5, Stansted and Manchester at the lead fare.
 */
const now = new Date("2027-02-10T10:00:00Z");
const MONDAY = "2027-02-15";
const THURSDAY = "2027-02-18";
let database: TestDatabase;
let db: Db;
let dealId: number;
let hotelDealId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const travel = await insertTravelBasics(db);
  const fixture = await insertTravelDeal(db, travel, { products: [{ name: "3 nights, 2 people - Half board", basis: "stay", withFlights: true, price: 30000 }] });
  dealId = fixture.deal.id;
  await insertNights(db, fixture.products[0].id, daysFrom("2027-02-11", "2027-03-31"), (day) => ({
    price: 60000,
    openForArrival: weekday(day) === 1 || weekday(day) === 5,
    minLengthOfStay: 3,
    maxLengthOfStay: 3,
    capacity: 6,
  }));
  for (const out of daysFrom("2027-02-11", "2027-03-31").filter((day) => weekday(day) === 1 || weekday(day) === 5)) {
    const back = new Date(Date.parse(`${out}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
    await insertFlight(db, { dealId, direction: "outbound", from: "LGW", to: "PMI", date: out, time: "07:00", priceDiff: 0, seats: 10 });
    await insertFlight(db, { dealId, direction: "outbound", from: "STN", to: "PMI", date: out, time: "09:00", priceDiff: 1000, seats: 4, seatsSold: 2 });
    await insertFlight(db, { dealId, direction: "outbound", from: "MAN", to: "PMI", date: out, time: "06:00", priceDiff: 2000, seats: 10 });
    await insertFlight(db, { dealId, direction: "inbound", from: "PMI", to: "LGW", date: back, time: "18:00", priceDiff: 500, seats: 10 });
    await insertFlight(db, { dealId, direction: "inbound", from: "PMI", to: "STN", date: back, time: "19:00", priceDiff: 0, seats: 10 });
    await insertFlight(db, { dealId, direction: "inbound", from: "PMI", to: "MAN", date: back, time: "17:00", priceDiff: 0, seats: 10 });
  }
  const hotel = await insertTravelDeal(db, travel, { products: [{ name: "Double room", basis: "night", price: 9000 }] });
  hotelDealId = hotel.deal.id;
});

afterAll(() => database.dispose());

const request = (extra: Partial<Parameters<typeof flightsForDate>[1]> = {}) => ({ dealId, countryCode: "GB" as const, now, date: MONDAY, ...extra });

describe("choose-your-flight flights", () => {
  it("pairs flights from the London group only for Any London, back into the same airport, cheapest first", async () => {
    const { flights, checkOut, nights } = await flightsForDate(db, request({ departureAirport: "Any London", quantity: 2 }));
    expect({ checkOut, nights }).toEqual({ checkOut: "2027-02-18", nights: 3 });
    expect(flights.map((f) => [f.departureAirport, f.inboundJourney.arrivalAirport, f.priceDiff])).toEqual([
      ["LGW", "LGW", 0],
      ["STN", "STN", 500],
    ]);
    expect(flights[0]).toMatchObject({ arrivalAirport: "PMI", outboundJourney: { departureAirport: "LGW", arrivalAirport: "PMI", departsAt: "2027-02-15T07:00:00.000Z" }, inboundJourney: { departureAirport: "PMI" } });
  });

  it("offers only flights with a seat for every passenger", async () => {
    const forFour = await flightsForDate(db, request({ departureAirport: "any london", quantity: 4 }));
    expect(forFour.flights.map((f) => f.departureAirport)).toEqual(["LGW"]);
    const fromManchester = await flightsForDate(db, request({ departureAirport: "man", quantity: 8 }));
    expect(fromManchester.flights.map((f) => [f.departureAirport, f.priceDiff])).toEqual([["MAN", 0]]);
  });

  it("answers the cheapest pair with what it adds to the lead price, and nothing (204) when none fly", async () => {
    const cheapest = await cheapestFlight(db, request({ quantity: 2 }));
    // Any airport: Gatwick (£0 out, £5 back) beats Stansted (£10 + £0) and Manchester (£20 + £0).
    expect(cheapest).toMatchObject({ nights: 3, leadPriceDiff: 500, flight: { departureAirport: "LGW", priceDiff: 0 } });
    expect(await cheapestFlight(db, request({ date: "2027-02-16" }))).toBeNull();
    expect(await cheapestFlight(db, request({ date: "2027-02-01" }))).toBeNull();
    await expect(cheapestFlight(db, request({ date: "2027-02-30" }))).rejects.toMatchObject({ status: 400, code: "INVALID_DATE" });
    await expect(flightsForDate(db, { ...request(), dealId: hotelDealId })).rejects.toMatchObject({ status: 404, code: "NO_FLIGHTS" });
  });

  it("prices calendar days with the cheapest flights from the chosen airport", async () => {
      const days = (await dealAvailability(db, { dealId, countryCode: "GB", now, month: 2, year: 2027, departureAirport: "Any London" })).calendarDateViewVOList;
    const monday = days.find((d) => d.dateString === MONDAY)!;
    // £600 for the room and £5 each for the flights: £305 each.
    expect(monday).toMatchObject({ openForArrival: true, minPrice: 30500 });
    expect(days.find((d) => d.dateString === "2027-02-16")).toMatchObject({ openForArrival: false, minPrice: null });
    const fromManchester = (await dealAvailability(db, { dealId, countryCode: "GB", now, month: 2, year: 2027, departureAirport: "MAN" })).calendarDateViewVOList;
    // From Manchester: £600 and £20 each: £320 each.
    expect(fromManchester.find((d) => d.dateString === MONDAY)?.minPrice).toBe(32000);
    // Nobody flies from Bristol: no day can be booked.
    const fromBristol = (await dealAvailability(db, { dealId, countryCode: "GB", now, month: 2, year: 2027, departureAirport: "BRS" })).calendarDateViewVOList;
    expect(fromBristol.some((d) => d.openForArrival)).toBe(false);
  });

  it("prices the package for the dates with its flights in calendar products", async () => {
    const answer = await calendarProducts(db, { dealId, countryCode: "GB", now, checkIn: "15/02/2027", nights: 3, quantity: 4, departureAirport: "Any London" });
    expect(answer).toMatchObject({ checkIn: MONDAY, checkOut: THURSDAY, nights: 3, quantity: 4, message: null });
    // Two rooms at £600 and £5 each for four flying from Gatwick.
    expect(answer.products).toEqual([
      expect.objectContaining({ withFlights: true, rooms: 2, price: 122000, pricePerPerson: 30500, flightPriceDiff: 500, flight: expect.objectContaining({ departureAirport: "LGW" }) }),
    ]);
    const wrongLength = await calendarProducts(db, { dealId, countryCode: "GB", now, checkIn: MONDAY, nights: 4 });
    expect(wrongLength).toMatchObject({ products: [], message: "Sorry, no products available for selected dates..." });
  });
});
