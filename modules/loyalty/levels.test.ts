import { describe, expect, it } from "vitest";
import { exchangeRangeMessage, exchangeValue, levelStanding, NOT_ENOUGH_POINTS_MESSAGE, PINK_LEVEL_MESSAGE, purchasePoints } from "./levels";

describe("Club levels by lifetime points", () => {
  it("starts everyone at Pink, 100 points from Bronze, unable to exchange", () => {
    expect(levelStanding(0)).toMatchObject({ currentLevel: "Pink", nextLevel: "Bronze", pointsToNextLevel: 100, canExchange: false, exchangeRate: 0 });
    expect(levelStanding(99)).toMatchObject({ currentLevel: "Pink", pointsToNextLevel: 1 });
  });

  it("moves up at each threshold, and the rate rises with the level", () => {
    expect(levelStanding(100)).toMatchObject({ currentLevel: "Bronze", nextLevel: "Silver", pointsToNextLevel: 400, exchangeRate: 0.01, canExchange: true });
    expect(levelStanding(499)).toMatchObject({ currentLevel: "Bronze", pointsToNextLevel: 1 });
    expect(levelStanding(500)).toMatchObject({ currentLevel: "Silver", nextLevel: "Gold", pointsToNextLevel: 1000, exchangeRate: 0.0125 });
    expect(levelStanding(1500)).toMatchObject({ currentLevel: "Gold", nextLevel: "Platinum", pointsToNextLevel: 2500, exchangeRate: 0.015 });
    expect(levelStanding(4000)).toMatchObject({ currentLevel: "Platinum", nextLevel: null, pointsToNextLevel: 0, exchangeRate: 0.02 });
    expect(levelStanding(1_000_000).currentLevel).toBe("Platinum");
  });

  it("makes a believable £100 purchase reach Bronze", () => {
    expect(levelStanding(purchasePoints(10_000)).currentLevel).toBe("Bronze");
    expect(levelStanding(purchasePoints(9_999)).currentLevel).toBe("Pink");
  });
});

describe("points and their value", () => {
  it("earns a point per whole pound or euro paid", () => {
    expect(purchasePoints(1_900)).toBe(19);
    expect(purchasePoints(1_999)).toBe(19);
    expect(purchasePoints(99)).toBe(0);
    expect(purchasePoints(-5)).toBe(0);
  });

  it("values points at points × rate, rounded to the penny (half up)", () => {
    const bronze = levelStanding(100).minorPer10kPoints;
    const silver = levelStanding(500).minorPer10kPoints;
    expect(exchangeValue(114, bronze)).toBe(114); // £1.14
    expect(exchangeValue(1, silver)).toBe(1); // 1.25p → 1p
    expect(exchangeValue(2, silver)).toBe(3); // 2.5p → 3p
    expect(exchangeValue(3, silver)).toBe(4); // 3.75p → 4p
    expect(exchangeValue(1_000, silver)).toBe(1_250); // £12.50
    expect(exchangeValue(0, silver)).toBe(0);
    expect(() => exchangeValue(1.5, silver)).toThrow(RangeError);
  });

  it("words the exchange as the spec does", () => {
    expect(exchangeRangeMessage(114)).toBe("Please select a number between 1 and 114 to exchange your points.");
    expect(NOT_ENOUGH_POINTS_MESSAGE).toBe("You don't have enough points");
    expect(PINK_LEVEL_MESSAGE).toBe("Reach the next level to exchange points for wallet credit.");
  });
});
