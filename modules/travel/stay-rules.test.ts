import { describe, expect, it } from "vitest";
import { type NightAvailability, checkStay, roomsFor, stayNights } from "./stay-rules";

function night(day: string, overrides: Partial<NightAvailability> = {}): NightAvailability {
  return { night: day, price: 5000, vipPrice: 4500, openForArrival: true, openForDeparture: true, openForSale: true, minLengthOfStay: 2, maxLengthOfStay: 7, additionalCostText: null, unitsLeft: 3, ...overrides };
}

function calendar(...days: NightAvailability[]): Map<string, NightAvailability> {
  return new Map(days.map((day) => [day.night, day]));
}

const week = calendar(night("2027-03-01"), night("2027-03-02"), night("2027-03-03"), night("2027-03-04"));

describe("travel stay rules", () => {
  it("prices 3 nights for 2 guests as one room per night, with the VIP price beside it", () => {
    expect(checkStay({ checkIn: "2027-03-01", checkOut: "2027-03-04", guests: 2, basis: "night", nights: week })).toEqual({
      ok: true,
      nights: ["2027-03-01", "2027-03-02", "2027-03-03"],
      rooms: 1,
      price: 15000,
      vipPrice: 13500,
    });
  });

  it("books one room per two passengers and refuses when a night has too few left", () => {
    expect(roomsFor(6)).toBe(3);
    expect(checkStay({ checkIn: "2027-03-01", checkOut: "2027-03-03", guests: 6, basis: "night", nights: week })).toMatchObject({ ok: true, price: 30000 });
    expect(checkStay({ checkIn: "2027-03-01", checkOut: "2027-03-03", guests: 8, basis: "night", nights: week })).toEqual({ ok: false, problem: "SOLD_OUT", night: "2027-03-01" });
  });

  it("holds a stay to the check-in day's minimum and maximum and to arrival and departure days", () => {
    expect(checkStay({ checkIn: "2027-03-01", checkOut: "2027-03-02", guests: 2, basis: "night", nights: week })).toMatchObject({ ok: false, problem: "LENGTH_OF_STAY" });
    const closed = calendar(night("2027-03-01", { openForArrival: false }), night("2027-03-02"), night("2027-03-03", { openForDeparture: false }));
    expect(checkStay({ checkIn: "2027-03-01", checkOut: "2027-03-03", guests: 2, basis: "night", nights: closed })).toMatchObject({ ok: false, problem: "NOT_OPEN_FOR_ARRIVAL" });
    expect(checkStay({ checkIn: "2027-03-02", checkOut: "2027-03-03", guests: 2, basis: "night", nights: calendar(night("2027-03-02", { minLengthOfStay: 1 }), night("2027-03-03", { openForDeparture: false })) })).toMatchObject({ ok: false, problem: "NOT_OPEN_FOR_DEPARTURE" });
  });

  it("refuses unreal dates, odd passenger counts and stays beyond 16 nights", () => {
    expect(checkStay({ checkIn: "2027-02-30", checkOut: "2027-03-02", guests: 2, basis: "night", nights: week })).toMatchObject({ problem: "INVALID_DATES" });
    expect(checkStay({ checkIn: "2027-03-01", checkOut: "2027-03-03", guests: 3, basis: "night", nights: week })).toMatchObject({ problem: "INVALID_DATES" });
    expect(checkStay({ checkIn: "2027-03-01", checkOut: "2027-03-18", guests: 2, basis: "night", nights: week })).toMatchObject({ problem: "INVALID_DATES" });
    expect(stayNights("2027-03-31", "2027-04-02")).toEqual(["2027-03-31", "2027-04-01"]);
  });

  it("prices a package per stay from its check-in night", () => {
    expect(checkStay({ checkIn: "2027-03-01", checkOut: "2027-03-03", guests: 4, basis: "stay", nights: week })).toMatchObject({ ok: true, price: 10000, vipPrice: 9000 });
  });
});
