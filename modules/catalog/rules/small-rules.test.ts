import { describe, expect, it } from "vitest";
import { fixedClock } from "../../../lib/clock";
import { formatCountdown } from "./countdown";
import { dealOffset } from "./deal-offset";
import { dealPathSegment, listingRoot, travelName } from "./deal-paths";
import { localHour } from "../../../lib/market-time";
import { showReviewBadge } from "./review-badge";
import { socialCue } from "./social-cue";
import { truncateText } from "./truncate";
import { BRANDS } from "../../../lib/brand";

describe("truncateText", () => {
  it("cuts at the last space before the limit and adds an ellipsis", () => {
    expect(truncateText("Spa day for two with afternoon tea", 20)).toBe("Spa day for two…");
    expect(truncateText("Spa day for two with afternoon tea", 20).length).toBeLessThanOrEqual(20);
  });

  it("leaves text that fits alone", () => {
    expect(truncateText("Spa day", 20)).toBe("Spa day");
    expect(truncateText("exactly twenty chars", 20)).toBe("exactly twenty chars");
  });

  it("cuts a single long word at the limit", () => {
    expect(truncateText("Supercalifragilistic", 10)).toBe("Supercali…");
  });

  it("does not leave punctuation before the ellipsis", () => {
    expect(truncateText("Dinner, drinks, and dancing all night", 17)).toBe("Dinner, drinks…");
  });
});

describe("travel naming", () => {
  it("calls travel 'travel' in the UK and 'escapes' in Ireland, and national deals 'shop'", () => {
    expect(travelName("GB")).toBe("travel");
    expect(travelName("IE")).toBe("escapes");
    expect(dealPathSegment({ dealType: "travel", countryCode: "IE", locationShortName: null })).toBe("escapes");
    expect(dealPathSegment({ dealType: "travel", countryCode: "GB", locationShortName: null })).toBe("travel");
    expect(dealPathSegment({ dealType: "national", countryCode: "GB", locationShortName: null })).toBe("shop");
    expect(dealPathSegment({ dealType: "local", countryCode: "GB", locationShortName: "leeds" })).toBe("leeds");
    expect(listingRoot(BRANDS.wowcherie, "travel", "dublin")).toBe("/deals/escapes");
    expect(listingRoot(BRANDS.wowcher, "national", "london")).toBe("/deals/shop");
    expect(listingRoot(BRANDS.wowcher, "local", "london")).toBe("/deals/london");
  });
});

describe("socialCue", () => {
  const sales = { lastSixHours: 3, lastTwelveHours: 7, lastTwentyFourHours: 15 };

  it("uses the count the time of day calls for", () => {
    expect(socialCue(sales, 0)?.count).toBe(15);
    expect(socialCue(sales, 5)?.count).toBe(15);
    expect(socialCue(sales, 6)).toMatchObject({ count: 3, hours: 6, message: "3 bought in the last 6 hours" });
    expect(socialCue(sales, 11)?.count).toBe(3);
    expect(socialCue(sales, 12)).toMatchObject({ count: 7, hours: 12 });
    expect(socialCue(sales, 17)?.count).toBe(7);
    expect(socialCue(sales, 18)).toMatchObject({ count: 15, hours: 24 });
    expect(socialCue(sales, 23)?.count).toBe(15);
  });

  it("is shown only when the count exceeds 1", () => {
    expect(socialCue({ lastSixHours: 1, lastTwelveHours: 2, lastTwentyFourHours: 2 }, 8)).toBeNull();
    expect(socialCue({ lastSixHours: 2, lastTwelveHours: 2, lastTwentyFourHours: 2 }, 8)?.count).toBe(2);
  });

  it("reads the hour on the market's clock", () => {
    const evening = fixedClock("2026-07-01T17:30:00Z").now(); // 18:30 in London (BST)
    expect(localHour(evening, "Europe/London")).toBe(18);
    expect(socialCue(sales, localHour(evening, "Europe/London"))?.hours).toBe(24);
  });
});

describe("showReviewBadge", () => {
  it("needs reviews and an average of at least 4 on the Irish site", () => {
    expect(showReviewBadge({ count: 3, average: 4 }, { irish: true })).toBe(true);
    expect(showReviewBadge({ count: 3, average: 3.99 }, { irish: true })).toBe(false);
  });

  it("needs an average of at least 3.5 elsewhere", () => {
    expect(showReviewBadge({ count: 3, average: 3.5 }, { irish: false })).toBe(true);
    expect(showReviewBadge({ count: 3, average: 3.49 }, { irish: false })).toBe(false);
  });

  it("needs at least one review", () => {
    expect(showReviewBadge({ count: 0, average: 5 }, { irish: false })).toBe(false);
    expect(showReviewBadge({ count: 2, average: null }, { irish: false })).toBe(false);
  });
});

describe("dealOffset", () => {
  it("follows the spec's table", () => {
    expect(dealOffset({ onDealPage: false, travel: false, mainDealSoldOut: false })).toBe(2);
    expect(dealOffset({ onDealPage: true, travel: false, mainDealSoldOut: false })).toBe(5);
    expect(dealOffset({ onDealPage: false, travel: false, mainDealSoldOut: true })).toBe(3);
    expect(dealOffset({ onDealPage: true, travel: false, mainDealSoldOut: true })).toBe(6);
    expect(dealOffset({ onDealPage: false, travel: true, mainDealSoldOut: true })).toBe(0);
    expect(dealOffset({ onDealPage: true, travel: true, mainDealSoldOut: false })).toBe(0);
  });
});

describe("formatCountdown", () => {
  it("formats dd:hh:mm:ss and stops at zero", () => {
    expect(formatCountdown(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999)).toBe("02:03:04:05");
    expect(formatCountdown(0)).toBe("00:00:00:00");
    expect(formatCountdown(-5000)).toBe("00:00:00:00");
    expect(formatCountdown(120 * 86_400_000)).toBe("120:00:00:00");
  });
});
