import { describe, expect, it } from "vitest";
import { discountPercentage, formatBalance, formatMoney, parseMajorUnits, splitProportionally } from "./money";

describe("formatMoney", () => {
  it("shows pounds and euros with two decimals", () => {
    expect(formatMoney(1950, "GBP")).toBe("£19.50");
    expect(formatMoney(5, "EUR")).toBe("€0.05");
    expect(formatMoney(123456789, "GBP")).toBe("£1,234,567.89");
  });

  it("shows zero as FREE", () => {
    expect(formatMoney(0, "GBP")).toBe("FREE");
  });

  it("shows an empty balance as nothing, not FREE", () => {
    expect(formatBalance(0, "EUR")).toBe("€0.00");
    expect(formatBalance(-1200, "GBP")).toBe("-£12.00");
  });

  it("puts the sign before the currency symbol", () => {
    expect(formatMoney(-300, "EUR")).toBe("-€3.00");
  });

  it("refuses fractional minor units", () => {
    expect(() => formatMoney(1.5, "GBP")).toThrow(/integer minor units/);
  });
});

describe("discountPercentage", () => {
  it("rounds down so the saving is never overstated", () => {
    expect(discountPercentage(1900, 4500)).toBe(57);
    expect(discountPercentage(1000, 1000)).toBe(0);
    expect(discountPercentage(1200, 1000)).toBe(0);
    expect(discountPercentage(0, 1000)).toBe(100);
  });
});

describe("parseMajorUnits", () => {
  it("turns typed amounts into minor units", () => {
    expect(parseMajorUnits("12")).toBe(1200);
    expect(parseMajorUnits("12.5")).toBe(1250);
    expect(parseMajorUnits(" 0.07 ")).toBe(7);
  });

  it("rejects anything that is not a plain amount", () => {
    for (const bad of ["", "abc", "1.234", "-5", "1e3", "12,50"]) expect(parseMajorUnits(bad)).toBeNull();
  });
});

describe("splitProportionally", () => {
  it("splits exactly, the remainder to the largest fractions", () => {
    expect(splitProportionally(1000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(splitProportionally(999, [2000, 1000])).toEqual([666, 333]);
    expect(splitProportionally(7, [0, 5, 0])).toEqual([0, 7, 0]);
  });
  it("splits evenly when every weight is zero, and refuses a negative total", () => {
    expect(splitProportionally(5, [0, 0])).toEqual([3, 2]);
    expect(() => splitProportionally(-1, [1])).toThrow(RangeError);
  });
});
