import { describe, expect, it } from "vitest";
import { isGoogleHotelAds, readHotelAdsLanding } from "./hotel-ads";

describe("hotel-ads landings", () => {
  it("maps arrival, departure, guests and the utm values for the basket", () => {
    const landing = readHotelAdsLanding(new URLSearchParams("arrival=2027-03-12&departure=2027-03-15&guests=4&utm_medium=paid-hotel-ads&utm_source=google"));
    expect(landing).toEqual({ checkIn: "2027-03-12", checkOut: "2027-03-15", guests: 4, utmMedium: "paid", utmSource: "google", landed: true });
    expect(isGoogleHotelAds(landing)).toBe(true);
  });

  it("drops unreal dates, a departure not after arrival and guest counts other than 2, 4, 6 or 8", () => {
    expect(readHotelAdsLanding(new URLSearchParams("arrival=2027-02-30&departure=2027-03-02&guests=3"))).toMatchObject({ checkIn: null, checkOut: null, guests: null, landed: true });
    expect(readHotelAdsLanding(new URLSearchParams("arrival=2027-03-12&departure=2027-03-12"))).toMatchObject({ checkIn: "2027-03-12", checkOut: null });
    expect(readHotelAdsLanding(new URLSearchParams(""))).toMatchObject({ landed: false, utmMedium: null });
  });
});
