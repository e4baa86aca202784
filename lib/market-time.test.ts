import { describe, expect, it } from "vitest";
import { addMarketMonths, instantOfWallTime, lastMomentOfMarketDayMonthsAfter, localDate, localHour, marketTimeZone, startOfMarketDay, startOfMarketWeek, wallTimeOf } from "./market-time";

describe("market day", () => {
  it("starts the day at midnight London or Dublin time, in summer and winter", () => {
    expect(startOfMarketDay(new Date("2026-07-15T23:30:00Z"), "Europe/London").toISOString()).toBe("2026-07-15T23:00:00.000Z");
    expect(startOfMarketDay(new Date("2026-07-15T12:00:00Z"), "Europe/London").toISOString()).toBe("2026-07-14T23:00:00.000Z");
    expect(startOfMarketDay(new Date("2026-11-21T00:10:00Z"), "Europe/Dublin").toISOString()).toBe("2026-11-21T00:00:00.000Z");
    expect(startOfMarketDay(new Date("2026-11-21T10:00:00Z"), marketTimeZone("IE")).toISOString()).toBe("2026-11-21T00:00:00.000Z");
  });

  it("keeps midnight on GMT the day summer time starts, and on BST the day it ends", () => {
    expect(startOfMarketDay(new Date("2026-03-29T12:00:00Z"), "Europe/London").toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(startOfMarketDay(new Date("2026-10-25T12:00:00Z"), "Europe/London").toISOString()).toBe("2026-10-24T23:00:00.000Z");
  });

  it("finds the local calendar day and hour", () => {
    expect(localDate(new Date("2026-07-01T23:30:00Z"), "Europe/London")).toBe("2026-07-02");
    expect(localDate(new Date("2026-11-21T23:30:00Z"), marketTimeZone("GB"))).toBe("2026-11-21");
    expect(localHour(new Date("2026-07-01T17:30:00Z"), "Europe/London")).toBe(18);
    expect(localHour(new Date("2026-12-01T17:30:00Z"), "Europe/Dublin")).toBe(17);
  });
});

describe("market week", () => {
  it("starts the week on Monday", () => {
    // Saturday 21 November 2026 → Monday 16 November.
    expect(startOfMarketWeek(new Date("2026-11-21T12:00:00Z"), "Europe/London").toISOString()).toBe("2026-11-16T00:00:00.000Z");
    // A Monday is its own week's start.
    expect(startOfMarketWeek(new Date("2026-11-16T00:00:01Z"), "Europe/London").toISOString()).toBe("2026-11-16T00:00:00.000Z");
    // Summer time: Monday 13 July 2026 00:00 BST.
    expect(startOfMarketWeek(new Date("2026-07-15T12:00:00Z"), "Europe/London").toISOString()).toBe("2026-07-12T23:00:00.000Z");
  });

  it("reads Sunday night and Monday morning on the market's clock", () => {
    // Sunday 23:30 BST still belongs to the week that began on Monday 29 June; 00:30 on Monday starts a new one.
    expect(startOfMarketWeek(new Date("2026-07-05T22:30:00Z"), "Europe/London").toISOString()).toBe("2026-06-28T23:00:00.000Z");
    expect(startOfMarketWeek(new Date("2026-07-05T23:30:00Z"), "Europe/London").toISOString()).toBe("2026-07-05T23:00:00.000Z");
  });

  it("spans the clock changes", () => {
    // The clocks went forward on Sunday 29 March 2026: the week began on Monday 30 March, 00:00 BST.
    expect(startOfMarketWeek(new Date("2026-04-01T12:00:00Z"), "Europe/London").toISOString()).toBe("2026-03-29T23:00:00.000Z");
    // And back on Sunday 25 October 2026 (Dublin): Monday 26 October 00:00 GMT.
    expect(startOfMarketWeek(new Date("2026-10-28T09:00:00Z"), "Europe/Dublin").toISOString()).toBe("2026-10-26T00:00:00.000Z");
    // A week that began in summer time and is read after the change: Monday 19 October 00:00 BST.
    expect(startOfMarketWeek(new Date("2026-10-25T12:00:00Z"), "Europe/London").toISOString()).toBe("2026-10-18T23:00:00.000Z");
  });
});

describe("market months", () => {
  it("lands on the month's last day when it has no such day, in market time", () => {
    // 31 August + 6 months is 28 February (29th in a leap year), never 3 March.
    expect(localDate(addMarketMonths(new Date("2026-08-31T12:00:00Z"), 6, "Europe/London"), "Europe/London")).toBe("2027-02-28");
    expect(localDate(addMarketMonths(new Date("2027-08-31T12:00:00Z"), 6, "Europe/London"), "Europe/London")).toBe("2028-02-29");
    // 23:30 UTC on 30 August is already 31 August in London.
    expect(localDate(addMarketMonths(new Date("2026-08-30T23:30:00Z"), 6, "Europe/London"), "Europe/London")).toBe("2027-02-28");
    expect(localDate(addMarketMonths(new Date("2026-03-31T10:00:00Z"), 1, "Europe/Dublin"), "Europe/Dublin")).toBe("2026-04-30");
  });

  it("ends at the last moment of that day in market time, across a clock change", () => {
    // Bought in summer time (BST), ends in winter time (GMT): 23:59:59.999 London is the same in UTC.
    expect(lastMomentOfMarketDayMonthsAfter(new Date("2026-08-31T09:00:00Z"), 6, "Europe/London").toISOString()).toBe("2027-02-28T23:59:59.999Z");
    expect(lastMomentOfMarketDayMonthsAfter(new Date("2027-08-31T09:00:00Z"), 6, "Europe/London").toISOString()).toBe("2028-02-29T23:59:59.999Z");
    // Bought in winter, ends in summer (IST): an hour earlier in UTC.
    expect(lastMomentOfMarketDayMonthsAfter(new Date("2026-12-31T09:00:00Z"), 6, "Europe/Dublin").toISOString()).toBe("2027-06-30T22:59:59.999Z");
  });
});

describe("wall-clock times in a market", () => {
  it("reads a datetime-local value as London time, summer and winter, and shows it back", () => {
    expect(instantOfWallTime("2026-07-01T09:00", "Europe/London")?.toISOString()).toBe("2026-07-01T08:00:00.000Z");
    expect(instantOfWallTime("2026-12-01T09:00", "Europe/London")?.toISOString()).toBe("2026-12-01T09:00:00.000Z");
    expect(wallTimeOf(new Date("2026-07-01T08:00:00Z"), "Europe/London")).toBe("2026-07-01T09:00");
  });

  it("refuses what is not a time", () => {
    expect(instantOfWallTime("2026-02-31T09:00", "Europe/London")).toBeNull();
    expect(instantOfWallTime("2026-12-01 09:00", "Europe/London")).toBeNull();
    expect(instantOfWallTime("2026-12-01T25:00", "Europe/London")).toBeNull();
  });
});
