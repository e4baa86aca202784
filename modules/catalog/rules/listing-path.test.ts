import { describe, expect, it } from "vitest";
import { ListingPathError, parseListingPath } from "./listing-path";

describe("parseListingPath", () => {
  it("reads location homepages and category pages", () => {
    expect(parseListingPath("/deals/london")).toEqual({ pageType: "homepage", target: { kind: "location", location: "london", categories: [] } });
    expect(parseListingPath("/deals/london/beauty/spa").target).toEqual({ kind: "location", location: "london", categories: ["beauty", "spa"] });
    expect(parseListingPath("/deals/london/gshop/electricals").target).toEqual({ kind: "gshop", location: "london", categories: ["electricals"] });
  });

  it("reads shop, travel, VIP, wellness, special and near-me listings", () => {
    expect(parseListingPath("/deals/shop/electricals/audio").target).toEqual({ kind: "shop", categories: ["electricals", "audio"] });
    expect(parseListingPath("/deals/national-deal").target).toEqual({ kind: "shop", categories: [] });
    expect(parseListingPath("/deals/escapes").target).toEqual({ kind: "travel", segment: "escapes", categories: [] });
    expect(parseListingPath("/deals/vip").target).toEqual({ kind: "vip", categories: [] });
    expect(parseListingPath("/deals/wellness-collection").target).toEqual({ kind: "wellness" });
    expect(parseListingPath("/deals/london/special/date-night")).toEqual({
      pageType: "special",
      target: { kind: "special", location: "london", slug: "date-night" },
    });
    expect(parseListingPath("/near-me/hub").target).toEqual({ kind: "nearMe", categories: [] });
    expect(parseListingPath("/near-me/beauty/spa").target).toEqual({ kind: "nearMe", categories: ["beauty", "spa"] });
  });

  it("reads deal paths with a product id, a blurb and the evergreen marker", () => {
    expect(parseListingPath("/deal/london/beauty/spa/30000001/spa-day").target).toEqual({
      kind: "deal",
      segment: "london",
      category: "beauty",
      subCategory: "spa",
      dealId: 30000001,
      productId: null,
      blurb: "spa-day",
    });
    expect(parseListingPath("/deal/london/beauty/spa/30000001/5000002/spa-day").target).toMatchObject({ dealId: 30000001, productId: 5000002 });
    expect(parseListingPath("/deal/shop/electricals/audio/e/wireless-earbuds").target).toMatchObject({ dealId: "evergreen", blurb: "wireless-earbuds" });
  });

  it("fails with the spec's messages", () => {
    expect(() => parseListingPath("")).toThrow("Empty string received");
    expect(() => parseListingPath("https://www.wowcher.co.uk/deals/london")).toThrow(/strip the origin/);
    expect(() => parseListingPath("/basket/xyz")).toThrow(/Unsupported page type/);
    expect(() => parseListingPath("/deals/Lon%20don")).toThrow(ListingPathError);
    expect(() => parseListingPath("/deals/lon_don")).toThrow(/Unable to parse location/);
    expect(() => parseListingPath("/deals/london/a/b/c/d")).toThrow(/Unsupported page type/);
    // Ids the database cannot hold are not deals (they used to reach PostgreSQL and answer 500).
    expect(() => parseListingPath("/deal/london/beauty/spa/2147483648")).toThrow(/Unsupported page type/);
  });
});
