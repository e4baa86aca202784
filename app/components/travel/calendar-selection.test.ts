import { describe, expect, it } from "vitest";
import { formatMoney } from "../../../lib/money";
import { lookupOf, monthOfDays } from "./calendar-fixtures";
import { NO_STAY, chooseDay, datesProblem, describeDay, initialFocusDay, landingSelection, withNights } from "./calendar-selection";

const formatPrice = (minor: number) => formatMoney(minor, "GBP");
const shopper = { vipUser: false, formatPrice };

// March 2027: every day open at £89, stays of 2–7 nights, except:
const march = lookupOf(
  monthOfDays(2027, 3, {
    "2027-03-05": { dateSoldOut: true },
    "2027-03-06": { openForSale: false, minPrice: null },
    "2027-03-13": { openForArrival: false },
    "2027-03-14": { openForDeparture: false },
    "2027-03-20": { minLengthOfStay: 1, maxLengthOfStay: 16 },
    "2027-03-25": { dateSoldOut: true },
  }),
);

describe("choosing a stay on the calendar", () => {
  it("takes a check-in, then a check-out, and says so", () => {
    const checkIn = chooseDay(NO_STAY, "2027-03-12", march);
    expect(checkIn).toEqual({
      kind: "check-in",
      selection: { checkIn: "2027-03-12", checkOut: null },
      announcement: "Check-in Friday 12 March selected. Please select your check-out date.",
    });
    if (checkIn.kind === "refused") throw new Error("refused");
    const checkOut = chooseDay(checkIn.selection, "2027-03-15", march);
    expect(checkOut).toMatchObject({ kind: "check-out", selection: { checkIn: "2027-03-12", checkOut: "2027-03-15" } });
    expect(checkOut.announcement).toBe("Check-out Monday 15 March selected: 3 nights from Friday 12 March.");
  });

  it("keeps the check-out within the check-in day's minimum and maximum stay", () => {
    const from12 = { checkIn: "2027-03-12", checkOut: null };
    // One night is shorter than the 2-night minimum; the 20th would be 8 nights, over the 7-night maximum.
    expect(chooseDay(from12, "2027-03-13", march)).toEqual({
      kind: "refused",
      announcement: "Saturday 13 March is too soon: stays from your check-in date are at least 2 nights.",
    });
    expect(describeDay("2027-03-19", march, from12, shopper).label).toBe("Friday 19 March, from £89.00, available for check-out, 7 nights");
    expect(describeDay("2027-03-20", march, from12, shopper).label).toBe("Saturday 20 March, from £89.00, available for arrival");
    expect(describeDay("2027-03-20", march, from12, shopper).validCheckOut).toBe(false);
    // A day too late that a stay may start on starts the stay again from there.
    expect(chooseDay(from12, "2027-03-20", march)).toMatchObject({ kind: "check-in", selection: { checkIn: "2027-03-20", checkOut: null } });
  });

  it("never lets a stay pass 16 nights (or the 28-day window), whatever the check-in day allows", () => {
    const long = lookupOf([...monthOfDays(2027, 3, { "2027-03-20": { minLengthOfStay: 1, maxLengthOfStay: 28 } }), ...monthOfDays(2027, 4)]);
    const from20 = { checkIn: "2027-03-20", checkOut: null };
    expect(describeDay("2027-04-05", long, from20, shopper).validCheckOut).toBe(true); // 16 nights
    expect(describeDay("2027-04-06", long, from20, shopper).validCheckOut).toBe(false); // 17 nights
  });

  it("refuses a check-out on a day closed for departure or after a sold-out night", () => {
    const from12 = { checkIn: "2027-03-12", checkOut: null };
    expect(describeDay("2027-03-14", march, from12, shopper).label).toBe("Sunday 14 March, from £89.00, available for arrival");
    expect(describeDay("2027-03-14", march, from12, shopper).validCheckOut).toBe(false);
    const from3 = { checkIn: "2027-03-03", checkOut: null };
    // The 5th is sold out, so a stay from the 3rd may end on the 5th (its night is not needed) but not later.
    expect(describeDay("2027-03-05", march, from3, shopper).label).toBe("Friday 5 March, sold out");
    expect(chooseDay(from3, "2027-03-05", march)).toMatchObject({ kind: "check-out", selection: { checkIn: "2027-03-03", checkOut: "2027-03-05" } });
    expect(describeDay("2027-03-07", march, from3, shopper).validCheckOut).toBe(false);
  });

  it("clears the check-in when it is chosen again, and starts over from a new arrival day once a stay is chosen", () => {
    expect(chooseDay({ checkIn: "2027-03-12", checkOut: null }, "2027-03-12", march)).toEqual({
      kind: "cleared",
      selection: NO_STAY,
      announcement: "Check-in cleared. Please choose your arrival date",
    });
    expect(chooseDay({ checkIn: "2027-03-12", checkOut: "2027-03-15" }, "2027-03-01", march)).toMatchObject({
      kind: "check-in",
      selection: { checkIn: "2027-03-01", checkOut: null },
    });
  });

  it("refuses sold-out, unavailable and closed-for-arrival days as a check-in, with the arrival prompt", () => {
    expect(chooseDay(NO_STAY, "2027-03-05", march)).toEqual({ kind: "refused", announcement: "Friday 5 March is sold out. Please choose your arrival date" });
    expect(chooseDay(NO_STAY, "2027-03-06", march)).toEqual({ kind: "refused", announcement: "Saturday 6 March is not available for arrival. Please choose your arrival date" });
    expect(chooseDay(NO_STAY, "2027-03-13", march).kind).toBe("refused");
    expect(chooseDay(NO_STAY, "2027-04-02", march).kind).toBe("refused"); // not loaded: no price, nothing to book
  });

  it("describes each day with its date, price and state, the VIP price for VIP members", () => {
    expect(describeDay("2027-03-12", march, NO_STAY, shopper)).toMatchObject({ label: "Friday 12 March, from £89.00, available for arrival", choosable: true, price: 8900 });
    expect(describeDay("2027-03-12", march, NO_STAY, { vipUser: true, formatPrice }).label).toBe("Friday 12 March, from £80.00 VIP price, available for arrival");
    expect(describeDay("2027-03-05", march, NO_STAY, shopper)).toMatchObject({ label: "Friday 5 March, sold out", status: "sold-out", choosable: false, price: null });
    expect(describeDay("2027-03-06", march, NO_STAY, shopper)).toMatchObject({ label: "Saturday 6 March, unavailable", status: "unavailable", choosable: false });
    expect(describeDay("2027-03-13", march, NO_STAY, shopper).label).toBe("Saturday 13 March, from £89.00, not available for arrival");
    const stay = { checkIn: "2027-03-12", checkOut: "2027-03-15" };
    expect(describeDay("2027-03-12", march, stay, shopper).label).toBe("Friday 12 March, from £89.00, selected as check-in");
    expect(describeDay("2027-03-13", march, stay, shopper).label).toBe("Saturday 13 March, from £89.00, in your stay, not available for arrival");
    expect(describeDay("2027-03-15", march, stay, shopper)).toMatchObject({ role: "check-out", label: "Monday 15 March, from £89.00, selected as check-out" });
  });

  it("sets the check-out from the nights picker when the rules allow it", () => {
    expect(withNights({ checkIn: "2027-03-12", checkOut: null }, 3, march)).toEqual({ checkIn: "2027-03-12", checkOut: "2027-03-15" });
    expect(withNights({ checkIn: "2027-03-12", checkOut: "2027-03-15" }, 1, march)).toEqual({ checkIn: "2027-03-12", checkOut: null });
    expect(withNights(NO_STAY, 3, march)).toBe(NO_STAY);
  });

  it("keeps as much of a landing's stay as the calendar allows", () => {
    expect(landingSelection({ checkIn: "2027-03-12", checkOut: "2027-03-15" }, march)).toEqual({ checkIn: "2027-03-12", checkOut: "2027-03-15" });
    expect(landingSelection({ checkIn: "2027-03-12", checkOut: "2027-03-14" }, march)).toEqual({ checkIn: "2027-03-12", checkOut: null });
    expect(landingSelection({ checkIn: "2027-03-05", checkOut: "2027-03-08" }, march)).toEqual(NO_STAY);
  });

  it("asks for the dates with the spec's words", () => {
    expect(datesProblem(NO_STAY)).toBe("Please select your check-in and check-out dates.");
    expect(datesProblem({ checkIn: "2027-03-12", checkOut: null })).toBe("Please select your check-out date.");
    expect(datesProblem({ checkIn: "2027-03-12", checkOut: "2027-03-15" })).toBeNull();
  });

  it("puts the grid's tab stop on the check-in, else the first day a stay may start", () => {
    const days = [...march.keys()];
    expect(initialFocusDay(days, march, NO_STAY)).toBe("2027-03-01");
    expect(initialFocusDay(days, march, { checkIn: "2027-03-12", checkOut: null })).toBe("2027-03-12");
    const closedEarly = lookupOf(monthOfDays(2027, 3, { "2027-03-01": { openForArrival: false }, "2027-03-02": { dateSoldOut: true } }));
    expect(initialFocusDay(days, closedEarly, NO_STAY)).toBe("2027-03-03");
  });
});
