import { describe, expect, it } from "vitest";
import { startOfMarketDay, startOfMarketWeek } from "./market-time";

describe("market day and week", () => {
  it("starts the day at midnight London time, in summer and winter", () => {
    expect(startOfMarketDay(new Date("2026-07-15T23:30:00Z"), "Europe/London").toISOString()).toBe("2026-07-15T23:00:00.000Z");
    expect(startOfMarketDay(new Date("2026-07-15T12:00:00Z"), "Europe/London").toISOString()).toBe("2026-07-14T23:00:00.000Z");
    expect(startOfMarketDay(new Date("2026-11-21T00:10:00Z"), "Europe/Dublin").toISOString()).toBe("2026-11-21T00:00:00.000Z");
  });

  it("starts the week on Monday", () => {
    // Saturday 21 November 2026 → Monday 16 November.
    expect(startOfMarketWeek(new Date("2026-11-21T12:00:00Z"), "Europe/London").toISOString()).toBe("2026-11-16T00:00:00.000Z");
    // A Monday is its own week's start.
    expect(startOfMarketWeek(new Date("2026-11-16T00:00:01Z"), "Europe/London").toISOString()).toBe("2026-11-16T00:00:00.000Z");
    // Summer time: Monday 13 July 2026 00:00 BST.
    expect(startOfMarketWeek(new Date("2026-07-15T12:00:00Z"), "Europe/London").toISOString()).toBe("2026-07-12T23:00:00.000Z");
    // The clocks went forward on Sunday 29 March 2026: the week began on Monday 30 March, 00:00 BST.
    expect(startOfMarketWeek(new Date("2026-04-01T12:00:00Z"), "Europe/London").toISOString()).toBe("2026-03-29T23:00:00.000Z");
    // And back on Sunday 25 October 2026 (Dublin): Monday 26 October 00:00 GMT.
    expect(startOfMarketWeek(new Date("2026-10-28T09:00:00Z"), "Europe/Dublin").toISOString()).toBe("2026-10-26T00:00:00.000Z");
  });
});
