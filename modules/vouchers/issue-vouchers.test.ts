import { describe, expect, it } from "vitest";
import { voucherExpiry } from "./issue-vouchers";

describe("voucher expiry", () => {
  it("is the end of the day 6 calendar months on in the market: 31 August runs to the end of 28 February", () => {
    expect(voucherExpiry(new Date("2026-08-31T15:00:00Z"), "Europe/London").toISOString()).toBe("2027-02-28T23:59:59.999Z");
    // 29 February in a leap year.
    expect(voucherExpiry(new Date("2027-08-31T15:00:00Z"), "Europe/Dublin").toISOString()).toBe("2028-02-29T23:59:59.999Z");
    // Bought at 00:30 London time on 31 August (23:30 UTC on the 30th): still the 31st's voucher.
    expect(voucherExpiry(new Date("2026-08-30T23:30:00Z"), "Europe/London").toISOString()).toBe("2027-02-28T23:59:59.999Z");
    // An ordinary day keeps its date: 15 May to the end of 15 November (GMT by then).
    expect(voucherExpiry(new Date("2026-05-15T08:00:00Z"), "Europe/London").toISOString()).toBe("2026-11-15T23:59:59.999Z");
  });
});
