import { describe, expect, it } from "vitest";
import { dayName, gridKeyAction, monthWeeks, shiftMonth } from "./calendar-dates";

describe("travel calendar dates", () => {
  it("lays a month out in full weeks starting on Monday", () => {
    // March 2027 starts on a Monday and has 31 days: five rows, the last padded after Wednesday 31st.
    const weeks = monthWeeks({ month: 3, year: 2027 });
    expect(weeks).toHaveLength(5);
    expect(weeks[0][0]).toBe("2027-03-01");
    expect(weeks[4]).toEqual(["2027-03-29", "2027-03-30", "2027-03-31", null, null, null, null]);
    // February 2026 starts on a Sunday: six empty days before the 1st.
    expect(monthWeeks({ month: 2, year: 2026 })[0]).toEqual([null, null, null, null, null, null, "2026-02-01"]);
  });

  it("names days the way a screen reader should say them", () => {
    expect(dayName("2027-03-12")).toBe("Friday 12 March");
    expect(shiftMonth({ month: 12, year: 2026 }, 1)).toEqual({ month: 1, year: 2027 });
    expect(shiftMonth({ month: 1, year: 2027 }, -1)).toEqual({ month: 12, year: 2026 });
  });

  it("moves the focus with arrows, Home, End and Page keys, and chooses only with Enter or Space", () => {
    expect(gridKeyAction("ArrowRight", "2027-03-31")).toEqual({ kind: "move", to: "2027-04-01" });
    expect(gridKeyAction("ArrowLeft", "2027-03-01")).toEqual({ kind: "move", to: "2027-02-28" });
    expect(gridKeyAction("ArrowDown", "2027-03-12")).toEqual({ kind: "move", to: "2027-03-19" });
    expect(gridKeyAction("ArrowUp", "2027-03-12")).toEqual({ kind: "move", to: "2027-03-05" });
    // Friday 12 March: its week runs Monday 8th to Sunday 14th.
    expect(gridKeyAction("Home", "2027-03-12")).toEqual({ kind: "move", to: "2027-03-08" });
    expect(gridKeyAction("End", "2027-03-12")).toEqual({ kind: "move", to: "2027-03-14" });
    // A month on from 31 January is the last day of February.
    expect(gridKeyAction("PageDown", "2027-01-31")).toEqual({ kind: "move", to: "2027-02-28" });
    expect(gridKeyAction("PageUp", "2027-03-12")).toEqual({ kind: "move", to: "2027-02-12" });
    expect(gridKeyAction("Enter", "2027-03-12")).toEqual({ kind: "choose" });
    expect(gridKeyAction(" ", "2027-03-12")).toEqual({ kind: "choose" });
    expect(gridKeyAction("Tab", "2027-03-12")).toBeNull();
    expect(gridKeyAction("a", "2027-03-12")).toBeNull();
  });
});
