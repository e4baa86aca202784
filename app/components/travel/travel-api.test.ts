import { afterEach, describe, expect, it, vi } from "vitest";
import { availabilityAnswer } from "./calendar-fixtures";
import { availabilityUrl, fetchAvailability, fetchFlights, fetchStayProducts, flightsUrl, parseAvailability, parseFlights, parseStayProducts, stayProductsUrl } from "./travel-api";

const wrapped = (inner: unknown) => ({ data: { data: inner } });

const flightOption = {
  arrivalAirport: "PMI",
  departureAirport: "LGW",
  outboundJourney: { flightId: 11, flightNumber: "EZY8061", departureAirport: "LGW", arrivalAirport: "PMI", departsAt: "2027-03-12T07:05:00+00:00", arrivesAt: "2027-03-12T10:20:00+01:00" },
  inboundJourney: { flightId: 12, flightNumber: "EZY8062", departureAirport: "PMI", arrivalAirport: "LGW", departsAt: "2027-03-15T11:05:00+01:00", arrivesAt: "2027-03-15T12:30:00+00:00" },
  priceDiff: 2000,
};

afterEach(() => vi.unstubAllGlobals());

describe("travel calls", () => {
  it("asks for a month's availability with the spec's parameters", () => {
    expect(
      availabilityUrl({ dealId: 30000007, leadProductId: 5000001, month: 3, year: 2027, quantity: 4, nights: 3, departureAirport: "Any London", googleHotelAds: true }),
    ).toBe("/v1/availability/deal/30000007?leadProductId=5000001&googleHotelAds=true&month=3&year=2027&quantity=4&departureAirport=Any+London&nights=3");
    expect(availabilityUrl({ dealId: 1, leadProductId: null, month: null, year: null, quantity: 2, nights: 2, departureAirport: null, googleHotelAds: false })).toBe(
      "/v1/availability/deal/1?quantity=2&nights=2",
    );
    expect(flightsUrl({ dealId: 1, checkIn: "2027-03-12", checkOut: "2027-03-15", quantity: 2, departureAirport: "LGW" })).toBe(
      "/v1/flights/1/2027-03-12?quantity=2&checkOut=2027-03-15&departureAirport=LGW",
    );
    expect(stayProductsUrl({ dealId: 1, checkIn: "2027-03-12", checkOut: "2027-03-15", quantity: 2, departureAirport: null, leadProductId: 9 })).toBe(
      "/v1/calendar-products/1?checkIn=2027-03-12&checkOut=2027-03-15&quantity=2&product_id=9",
    );
  });

  it("accepts a well-formed availability answer", () => {
    const answer = availabilityAnswer(2027, 3);
    expect(parseAvailability(wrapped(answer))).toEqual(answer);
  });

  it("refuses a malformed availability answer, whatever is wrong with it", () => {
    const answer = availabilityAnswer(2027, 3);
    const [first, ...rest] = answer.calendarDateViewVOList;
    const broken: unknown[] = [
      null,
      "<html>",
      answer, // not wrapped in data.data
      { data: answer },
      wrapped({ ...answer, calendarDateViewVOList: "none" }),
      wrapped({ ...answer, calendarDateViewVOList: [{ ...first, minPrice: "89.00" }, ...rest] }),
      wrapped({ ...answer, calendarDateViewVOList: [{ ...first, minPrice: 89.5 }, ...rest] }),
      wrapped({ ...answer, calendarDateViewVOList: [{ ...first, dateString: "12/03/2027" }, ...rest] }),
      wrapped({ ...answer, calendarDateViewVOList: [{ ...first, openForArrival: "yes" }, ...rest] }),
      wrapped({ ...answer, calendarDateViewVOList: [{ ...first, minLengthOfStay: 3, maxLengthOfStay: 2 }, ...rest] }),
      wrapped({ ...answer, currentMonth: 13 }),
      wrapped({ ...answer, nextAvailable: { month: "April" } }),
      wrapped({ ...answer, supportedNumberOfNights: undefined }),
      wrapped({ ...answer, calendarProductViewVOList: [{ productId: 1 }] }),
    ];
    for (const body of broken) expect(parseAvailability(body)).toBeNull();
  });

  it("reads flights and stay products, and treats anything else as none", () => {
    expect(parseFlights({ flights: [flightOption] })).toEqual([flightOption]);
    expect(parseFlights({ flights: [{ ...flightOption, priceDiff: "20" }] })).toBeNull();
    expect(parseFlights([])).toBeNull();
    expect(parseStayProducts({ products: [{ productId: 5, friendlyName: "Double room", price: 26700, vipPrice: null, adminFee: 0 }] })).toEqual([
      { productId: 5, friendlyName: "Double room", price: 26700, vipPrice: null, adminFee: 0, withFlights: false },
    ]);
    expect(parseStayProducts({ products: [{ productId: 5, friendlyName: "Double room", price: -1, vipPrice: null, adminFee: 0 }] })).toEqual([]);
    expect(parseStayProducts({ error: "nope" })).toEqual([]);
  });

  it("makes a failed or malformed call the calendar error, no products, or the flights problem", async () => {
    const respond = (status: number, body: unknown) => vi.stubGlobal("fetch", vi.fn(async () => new Response(status === 204 ? null : JSON.stringify(body), { status })));
    const query = { dealId: 1, leadProductId: null, month: 3, year: 2027, quantity: 2, nights: 3, departureAirport: null, googleHotelAds: false };
    respond(200, wrapped({ broken: true }));
    expect(await fetchAvailability(query)).toEqual({ ok: false });
    respond(500, { error: { code: "INTERNAL", message: "x" } });
    expect(await fetchAvailability(query)).toEqual({ ok: false });
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("network down"))));
    expect(await fetchAvailability(query)).toEqual({ ok: false });
    expect(await fetchStayProducts({ dealId: 1, checkIn: "2027-03-12", checkOut: "2027-03-15", quantity: 2, departureAirport: null, leadProductId: null })).toEqual([]);
    const flights = { dealId: 1, checkIn: "2027-03-12", checkOut: "2027-03-15", quantity: 2, departureAirport: null };
    expect(await fetchFlights(flights)).toEqual({ ok: false });
    respond(204, null);
    expect(await fetchFlights(flights)).toEqual({ ok: true, flights: [] });
    respond(200, wrapped(availabilityAnswer(2027, 3)));
    expect(await fetchAvailability(query)).toMatchObject({ ok: true, availability: { currentMonth: 3, currentYear: 2027 } });
  });
});
