import { describe, expect, it } from "vitest";
import { hotelAdsChoice, mapUtmValue } from "./hotel-ads";

describe("hotel-ads landings (spec §2)", () => {
  it("maps arrival, departure, guests, productId and the utm values to the basket line's fields", () => {
    const link = new URLSearchParams("arrival=2027-03-01&departure=2027-03-04&guests=2&productId=5000123&utm_medium=free-hotel-ads&utm_source=paid-hotel-ads");
    expect(hotelAdsChoice((name) => link.get(name))).toEqual({
      checkInDate: "2027-03-01",
      checkOutDate: "2027-03-04",
      guests: 2,
      leadInProductId: 5000123,
      utmMedium: "free",
      utmSource: "paid",
    });
  });

  it("keeps google as google and other sources as given, and drops what is malformed", () => {
    expect(mapUtmValue("google")).toBe("google");
    expect(mapUtmValue(" newsletter ")).toBe("newsletter");
    expect(mapUtmValue("")).toBeNull();
    const link = new URLSearchParams("arrival=1st-March&guests=two&productId=-4");
    expect(hotelAdsChoice((name) => link.get(name))).toEqual({ checkInDate: null, checkOutDate: null, guests: null, leadInProductId: null, utmMedium: null, utmSource: null });
  });
});
