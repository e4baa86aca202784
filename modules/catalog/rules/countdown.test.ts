import { describe, expect, it } from "vitest";
import { describeCountdown, formatCountdown, formatTimeLeft } from "./countdown";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("formatTimeLeft", () => {
  it("reads with units, the two largest, rounded down", () => {
    expect(formatTimeLeft(5 * HOUR + 3 * MINUTE + 59_000)).toBe("5 hours 3 minutes left");
    expect(formatTimeLeft(108 * DAY + 17 * HOUR + 27 * MINUTE)).toBe("108 days 17 hours left");
    expect(formatTimeLeft(1 * DAY + 1 * HOUR)).toBe("1 day 1 hour left");
    expect(formatTimeLeft(2 * DAY + 20 * MINUTE)).toBe("2 days left");
    expect(formatTimeLeft(3 * HOUR)).toBe("3 hours left");
    expect(formatTimeLeft(1 * MINUTE + 30_000)).toBe("1 minute left");
    expect(formatTimeLeft(59_000)).toBe("Less than a minute left");
  });

  it("says the deadline has passed rather than counting below zero", () => {
    expect(formatTimeLeft(0)).toBe("Ended");
    expect(formatTimeLeft(-5 * MINUTE)).toBe("Ended");
  });
});

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
