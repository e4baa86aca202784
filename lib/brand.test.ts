import { describe, expect, it } from "vitest";
import { BRANDS, resolveBrand } from "./brand";

const noOverride = { queryBrand: null, cookieBrand: undefined };

describe("brands and markets", () => {
  it("sells in pounds in the UK and euros in Ireland, with the spec's default locations", () => {
    expect(BRANDS.wowcher).toMatchObject({ currency: "GBP", countryCode: "GB", defaultLocationId: 275850 });
    expect(BRANDS.livingsocial).toMatchObject({ currency: "GBP", countryCode: "GB", defaultLocationId: 275850 });
    expect(BRANDS.wowcherie).toMatchObject({ currency: "EUR", countryCode: "IE", defaultLocationId: 275859 });
    expect(BRANDS.livingsocialie).toMatchObject({ currency: "EUR", countryCode: "IE", defaultLocationId: 276602 });
  });

  it("names travel 'travel' on UK brands and 'escapes' on Irish brands", () => {
    expect(BRANDS.wowcher.travelName).toBe("travel");
    expect(BRANDS.wowcherie.travelName).toBe("escapes");
  });
});

describe("resolveBrand", () => {
  it("picks the brand from the Host header, ignoring port and case", () => {
    expect(resolveBrand({ host: "www.wowcher.ie", ...noOverride }, "wowcher", false).id).toBe("wowcherie");
    expect(resolveBrand({ host: "LivingSocial.co.uk:443", ...noOverride }, "wowcher", false).id).toBe("livingsocial");
  });

  it("falls back to the configured default for unknown hosts", () => {
    expect(resolveBrand({ host: "localhost:3000", ...noOverride }, "livingsocialie", false).id).toBe("livingsocialie");
  });

  it("honours the development override from the query, then the remembering cookie", () => {
    const host = "localhost:3000";
    expect(resolveBrand({ host, queryBrand: "wowcherie", cookieBrand: "livingsocial" }, "wowcher", true).id).toBe("wowcherie");
    expect(resolveBrand({ host, queryBrand: null, cookieBrand: "livingsocial" }, "wowcher", true).id).toBe("livingsocial");
    expect(resolveBrand({ host, queryBrand: "nonsense", cookieBrand: undefined }, "wowcher", true).id).toBe("wowcher");
  });

  it("ignores the override where overrides are switched off (production)", () => {
    expect(resolveBrand({ host: "wowcher.co.uk", queryBrand: "wowcherie", cookieBrand: undefined }, "wowcher", false).id).toBe("wowcher");
  });
});
