import { describe, expect, it } from "vitest";
import { formatTimeLeft } from "./countdown";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("formatTimeLeft", () => {
  it("reads with units, the two largest, rounded down", () => {
    expect(formatTimeLeft(5 * HOUR + 3 * MIN + 59_000)).toBe("5 hours 3 minutes left");
    expect(formatTimeLeft(108 * DAY + 17 * HOUR + 27 * MIN)).toBe("108 days 17 hours left");
    expect(formatTimeLeft(1 * DAY + 1 * HOUR)).toBe("1 day 1 hour left");
    expect(formatTimeLeft(2 * DAY + 20 * MIN)).toBe("2 days left");
    expect(formatTimeLeft(3 * HOUR)).toBe("3 hours left");
    expect(formatTimeLeft(1 * MIN + 30_000)).toBe("1 minute left");
    expect(formatTimeLeft(59_000)).toBe("Less than a minute left");
  });

  it("says the deadline has passed rather than counting below zero", () => {
    expect(formatTimeLeft(0)).toBe("Ended");
    expect(formatTimeLeft(-5 * MIN)).toBe("Ended");
  });
});
