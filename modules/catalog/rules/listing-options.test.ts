import { describe, expect, it } from "vitest";
import { ListingQueryError, listingSearch, parseListingQuery, priceBands } from "./listing-options";

describe("priceBands", () => {
  it("makes bands from the local price choices with an open top band", () => {
    expect(priceBands("local", "GBP").map((band) => band.label)).toEqual([
      "Under £10",
      "£10 - £20",
      "£20 - £50",
      "£50 - £100",
      "£100 - £200",
      "£200 and over",
    ]);
  });

  it("uses the shop and travel choices and the market's currency", () => {
    expect(priceBands("national", "EUR").at(-2)).toEqual({ min: 100, max: 1000, label: "€100 - €1,000" });
    expect(priceBands("travel", "GBP")).toHaveLength(10);
  });
});

describe("parseListingQuery", () => {
  it("defaults to page 1, most popular, no price filter", () => {
    expect(parseListingQuery(new URLSearchParams())).toEqual({ page: 1, sort: "popularity", minPrice: null, maxPrice: null });
  });

  it("reads sort, page and a price band in minor units", () => {
    expect(parseListingQuery(new URLSearchParams("orderBy=pricelow&page=3&minPrice=10&maxPrice=20"))).toEqual({
      page: 3,
      sort: "pricelow",
      minPrice: 1000,
      maxPrice: 2000,
    });
  });

  it("reads the spec's order key as a direction for the price sort", () => {
    expect(parseListingQuery(new URLSearchParams("orderBy=price&order=ASC")).sort).toBe("pricelow");
    expect(parseListingQuery(new URLSearchParams("orderBy=price&order=desc")).sort).toBe("price");
    expect(() => parseListingQuery(new URLSearchParams("order=sideways"))).toThrow("order must be asc or desc");
  });

  it("rejects bad values with a clear message", () => {
    expect(() => parseListingQuery(new URLSearchParams("page=0"))).toThrow(ListingQueryError);
    expect(() => parseListingQuery(new URLSearchParams("orderBy=cheapest"))).toThrow(/orderBy must be one of popularity, price/);
    expect(() => parseListingQuery(new URLSearchParams("minPrice=abc"))).toThrow("minPrice must be a whole number");
    expect(() => parseListingQuery(new URLSearchParams("minPrice=50&maxPrice=10"))).toThrow("minPrice must not be more than maxPrice");
  });
});

describe("listingSearch", () => {
  it("leaves defaults out so page 1 is the clean URL", () => {
    expect(listingSearch({ page: 1, sort: "popularity", minPrice: null, maxPrice: null })).toBe("");
    expect(listingSearch({ page: 2, sort: "popularity" })).toBe("?page=2");
    expect(listingSearch({ page: 1, sort: "price", minPrice: 1000, maxPrice: 2000 })).toBe("?orderBy=price&minPrice=10&maxPrice=20");
  });
});
