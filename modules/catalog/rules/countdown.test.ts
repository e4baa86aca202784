import { describe, expect, it } from "vitest";
import { describeCountdown, formatCountdown } from "./countdown";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("describeCountdown (what a screen reader hears instead of dd:hh:mm:ss)", () => {
  it("says days, hours and minutes with their units while more than an hour remains", () => {
    const remaining = 4 * DAY + 12 * HOUR + 27 * MINUTE + 27 * SECOND;
    expect(formatCountdown(remaining)).toBe("04:12:27:27");
    expect(describeCountdown(remaining)).toBe("4 days 12 hours 27 minutes");
    expect(describeCountdown(1 * DAY + 1 * MINUTE)).toBe("1 day 0 hours 1 minute");
    expect(describeCountdown(3 * HOUR + 5 * SECOND)).toBe("3 hours 0 minutes");
  });

  it("adds the seconds in the last hour, and never goes below zero", () => {
    expect(describeCountdown(14 * MINUTE + 32 * SECOND)).toBe("14 minutes 32 seconds");
    expect(describeCountdown(1 * SECOND)).toBe("0 minutes 1 second");
    expect(describeCountdown(-5 * SECOND)).toBe("0 minutes 0 seconds");
  });
});
