import { describe, expect, it } from "vitest";
import { AB_COOKIE_MAX_AGE_SECONDS, assignVariants } from "./assign";

const noCookies = () => undefined;
const cookies = (values: Record<string, string>) => (name: string) => values[name];

describe("assignVariants", () => {
  it("reads variant b of passwordless checkout and the booking-calendar gift test from their cookies", () => {
    const result = assignVariants(["passwordless-checkout", "booking-calendar-gift"], {
      countryCode: "GB",
      cookie: cookies({ ab_passwordless_checkout: "b", ab_booking_calendar_gift: "b" }),
    });
    expect(result.assignments).toEqual([
      { test: "passwordless-checkout", variant: "b" },
      { test: "booking-calendar-gift", variant: "b" },
    ]);
    expect(result.cookiesToSet).toEqual({});
  });

  it("falls back to the defaults without a cookie or with an unknown value, and sets no cookie for them", () => {
    const result = assignVariants(["passwordless-checkout", "autocomplete"], { countryCode: "GB", cookie: cookies({ ab_passwordless_checkout: "z", ab_autocomplete: "d" }) });
    expect(result.assignments).toEqual([
      { test: "passwordless-checkout", variant: "a" },
      { test: "autocomplete", variant: "a" },
    ]);
    expect(result.cookiesToSet).toEqual({});
  });

  it("keeps autocomplete variant c from its cookie", () => {
    expect(assignVariants(["autocomplete"], { countryCode: "IE", cookie: cookies({ ab_autocomplete: "c" }) }).assignments).toEqual([{ test: "autocomplete", variant: "c" }]);
  });

  it("runs the Irish test only on the Irish brands", () => {
    expect(assignVariants(["ie-variant"], { countryCode: "GB", cookie: noCookies }).assignments).toEqual([]);
  });

  it("draws AA, BA or BB at random for a new Irish visitor and asks to keep it in a cookie", () => {
    const draw = (r: number) => assignVariants(["ie-variant"], { countryCode: "IE", cookie: noCookies, random: () => r });
    expect(draw(0).assignments).toEqual([{ test: "ie-variant", variant: "AA" }]);
    expect(draw(0.5).assignments).toEqual([{ test: "ie-variant", variant: "BA" }]);
    expect(draw(0.999).assignments).toEqual([{ test: "ie-variant", variant: "BB" }]);
    expect(draw(0.5).cookiesToSet).toEqual({ ab_ie: "BA" });
  });

  it("keeps an Irish visitor's variant once drawn", () => {
    const result = assignVariants(["ie-variant"], { countryCode: "IE", cookie: cookies({ ab_ie: "BB" }), random: () => 0 });
    expect(result.assignments).toEqual([{ test: "ie-variant", variant: "BB" }]);
    expect(result.cookiesToSet).toEqual({});
  });

  it("spreads Irish visitors evenly over the three variants", () => {
    const counts: Record<string, number> = { AA: 0, BA: 0, BB: 0 };
    for (let i = 0; i < 3000; i++) counts[assignVariants(["ie-variant"], { countryCode: "IE", cookie: noCookies }).assignments[0].variant]++;
    for (const variant of ["AA", "BA", "BB"]) {
      expect(counts[variant]).toBeGreaterThan(850);
      expect(counts[variant]).toBeLessThan(1150);
    }
  });

  it("keeps the A/B cookies for 365 days", () => {
    expect(AB_COOKIE_MAX_AGE_SECONDS).toBe(365 * 86_400);
  });
});
