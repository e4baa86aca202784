import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../lib/clock";
import { loadConfig } from "../../lib/config";
import { insertDeal } from "../../tests/support/catalog-fixtures";
import { type TestDatabase, createTestDatabase } from "../../tests/support/test-db";
import { daysFrom, insertFlight, insertNights, insertTravelBasics, insertTravelDeal, weekday } from "../../tests/support/travel-calendar-fixtures";
import { createApp } from "../app";

let database: TestDatabase;
let app: ReturnType<typeof createApp>;
let hotel: number;
let packageDeal: number;
let localDeal: number;
const clock = fixedClock("2027-02-10T10:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const travel = await insertTravelBasics(db);
  const hotelFixture = await insertTravelDeal(db, travel, { products: [{ name: "Double room", basis: "night", price: 9000 }] });
  hotel = hotelFixture.deal.id;
  await insertNights(db, hotelFixture.products[0].id, daysFrom("2027-02-11", "2027-04-30"), () => ({ price: 9000, vipPrice: 8000 }));
  const flights = await insertTravelDeal(db, travel, { products: [{ name: "3 nights, 2 people", basis: "stay", withFlights: true, price: 30000 }] });
  packageDeal = flights.deal.id;
  await insertNights(db, flights.products[0].id, daysFrom("2027-02-11", "2027-03-31"), (day) => ({ price: 60000, openForArrival: weekday(day) === 1, minLengthOfStay: 3, maxLengthOfStay: 3 }));
  await insertFlight(db, { dealId: packageDeal, direction: "outbound", from: "LGW", to: "PMI", date: "2027-02-15" });
  await insertFlight(db, { dealId: packageDeal, direction: "inbound", from: "PMI", to: "LGW", date: "2027-02-18", priceDiff: 500 });
  localDeal = (await insertDeal(db, travel.basics)).id;
  app = createApp({ database, clock, config: loadConfig({ NODE_ENV: "test" }), logger: pino({ level: "silent" }) });
});

afterAll(() => database.dispose());

async function get(path: string) {
  const response = await app.request(path);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, cacheControl: response.headers.get("cache-control") };
}

describe("GET /v1/availability/deal/{dealId}", () => {
  it("answers the month calendar in data.data, cacheable by shared caches for a short time", async () => {
    const { status, body, cacheControl } = await get(`/v1/availability/deal/${hotel}?quantity=4&month=3&year=2027&nights=2`);
    expect(status).toBe(200);
    expect(cacheControl).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=30");
    const calendar = body.data.data;
    expect(calendar).toMatchObject({ currentMonth: 3, currentYear: 2027, previousAvailable: { month: 2, year: 2027 }, nextAvailable: { month: 4, year: 2027 } });
    expect(calendar.calendarDateViewVOList).toHaveLength(31);
    // Two rooms, two nights, four people: £90 a night each room, so £90 each.
    expect(calendar.calendarDateViewVOList[0]).toMatchObject({ dateString: "2027-03-01", minPrice: 9000, vipPrice: 8000, openForArrival: true });
    expect(Object.keys(calendar).sort()).toEqual(
      ["calendarDateViewVOList", "calendarProductViewVOList", "calendarRoomOnlyView", "calendarRoomView", "currentMonth", "currentYear", "lastAvailableStay", "nextAvailable", "previousAvailable", "supportedNumberOfNights"].sort(),
    );
  });

  it("refuses bad input with a 400 that says what to fix, and unknown or undated deals with a 404", async () => {
    const cases: [string, number, string][] = [
      [`?quantity=3`, 400, "Please choose 2, 4, 6 or 8 passengers."],
      [`?quantity=two`, 400, "quantity: quantity must be a whole number"],
      [`?nights=0`, 400, "Please choose between 1 and 16 nights."],
      [`?month=2`, 400, "Please give a month (1 to 12) together with a four-digit year."],
      [`?month=13&year=2027`, 400, "Please give a month (1 to 12) together with a four-digit year."],
      [`?googleHotelAds=yes`, 400, "googleHotelAds: use true or false"],
      [`?departureAirport=${encodeURIComponent("<script>")}`, 400, "Please choose a departure airport (a three-letter code) or Any London."],
    ];
    for (const [query, status, message] of cases) {
      const answer = await get(`/v1/availability/deal/${hotel}${query}`);
      expect([query, answer.status, answer.body.error.message]).toEqual([query, status, message]);
    }
    expect((await get(`/v1/availability/deal/abc`)).status).toBe(400);
    expect((await get(`/v1/availability/deal/99999999`)).body).toEqual({ error: { code: "DEAL_NOT_FOUND", message: "Page not found" } });
    expect((await get(`/v1/availability/deal/${localDeal}`)).body.error.code).toBe("NO_CALENDAR");
    expect((await get(`/v1/availability/deal/${hotel}?leadProductId=1`)).status).toBe(400);
  });
});

describe("GET /v1/calendar-products/{dealId}", () => {
  it("prices the options for the dates, with startDate as check-in and the spec's date messages", async () => {
    const { status, body } = await get(`/v1/calendar-products/${hotel}?startDate=01/03/2027&checkOut=2027-03-04&quantity=2&utm_source=google&utm_medium=free-hotel-ads&gifting=false`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ checkIn: "2027-03-01", checkOut: "2027-03-04", nights: 3, quantity: 2, message: null });
    expect(body.products).toEqual([expect.objectContaining({ friendlyName: "Double room", rooms: 1, price: 27000, vipPrice: 24000, pricePerPerson: 13500, flight: null })]);
    expect((await get(`/v1/calendar-products/${hotel}`)).body.error.message).toBe("Please select your check-in and check-out dates.");
    expect((await get(`/v1/calendar-products/${hotel}?checkIn=2027-03-01`)).body.error.message).toBe("Please select your check-out date.");
    expect((await get(`/v1/calendar-products/${hotel}?checkIn=2027-03-01&checkOut=2027-03-30`)).status).toBe(400);
    const none = await get(`/v1/calendar-products/${hotel}?checkIn=2027-06-01&nights=2`);
    expect(none.body).toMatchObject({ products: [], message: "Sorry, no products available for selected dates..." });
  });
});

describe("flights", () => {
  it("answers flights for a date, the cheapest pair, and 204 when nothing flies", async () => {
    const list = await get(`/v1/flights/${packageDeal}/2027-02-15?departureAirport=Any%20London&quantity=2`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ date: "2027-02-15", checkOut: "2027-02-18", nights: 3 });
    expect(list.body.flights).toEqual([expect.objectContaining({ departureAirport: "LGW", arrivalAirport: "PMI", priceDiff: 0 })]);
    const cheapest = await get(`/v1/flights/cheapest/${packageDeal}/2027-02-15`);
    expect(cheapest).toMatchObject({ status: 200, body: { leadPriceDiff: 500, flight: { departureAirport: "LGW" } } });
    const none = await get(`/v1/flights/cheapest/${packageDeal}/2027-02-22`);
    expect(none).toMatchObject({ status: 204, body: null, cacheControl: "public, max-age=0, s-maxage=30, stale-while-revalidate=30" });
    expect((await get(`/v1/flights/${packageDeal}/2027-02-15?departureAirport=BRS`)).body.flights).toEqual([]);
    expect((await get(`/v1/flights/${packageDeal}/15-02-27`)).status).toBe(400);
    expect((await get(`/v1/flights/${hotel}/2027-02-15`)).status).toBe(404);
  });
});

describe("GET /v1/travel/products/deal/{dealId}", () => {
  it("lists a deal's dated options and is in the OpenAPI document", async () => {
    const { body } = await get(`/v1/travel/products/deal/${packageDeal}`);
    expect(body).toEqual({ dealId: packageDeal, products: [expect.objectContaining({ friendlyName: "3 nights, 2 people", priceBasis: "stay", withFlights: true, leadPrice: 30000 })] });
    const openapi = (await get("/v1/openapi.json")).body;
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(["/availability/deal/{dealId}", "/calendar-products/{dealId}", "/flights/cheapest/{dealId}/{date}", "/flights/{dealId}/{date}", "/travel/products/deal/{dealId}"]),
    );
  });
});
