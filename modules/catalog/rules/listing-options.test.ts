import { describe, expect, it } from "vitest";
import { ListingQueryError, NO_FILTERS, hasListingFilters, listingSearch, parseListingQuery, priceBands } from "./listing-options";

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
    const query = parseListingQuery(new URLSearchParams());
    expect(query).toEqual({ page: 1, sort: "popularity", minPrice: null, maxPrice: null, ...NO_FILTERS });
    expect(hasListingFilters(query)).toBe(false);
  });

  it("reads sort, page and a price band in minor units", () => {
    expect(parseListingQuery(new URLSearchParams("orderBy=pricelow&page=3&minPrice=10&maxPrice=20"))).toMatchObject({
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

describe("parseListingQuery filter keys (spec §2)", () => {
  it("reads location, category, subcategory, categories, searchTag, vip and all", () => {
    const query = parseListingQuery(
      new URLSearchParams("location=Manchester&category=beauty&subcategory=spa&categories=spa,massage&categories=spa&searchTag=early-bird&vip=true&all=true"),
    );
    expect(query).toMatchObject({
      location: "manchester",
      category: "beauty",
      subCategory: "spa",
      categories: ["spa", "massage"],
      searchTag: "early-bird",
      vip: true,
      all: true,
    });
    expect(hasListingFilters(query)).toBe(true);
    expect(parseListingQuery(new URLSearchParams("vip=false&all=")).vip).toBe(false);
  });

  it("rejects values that are not slugs or flags", () => {
    expect(() => parseListingQuery(new URLSearchParams("category=../etc"))).toThrow("category must be a slug");
    expect(() => parseListingQuery(new URLSearchParams("categories=spa,,x y"))).toThrow("categories must be a slug");
    expect(() => parseListingQuery(new URLSearchParams("vip=yes"))).toThrow("vip must be true or false");
    expect(() => parseListingQuery(new URLSearchParams("all=1"))).toThrow("all must be true or false");
    const many = Array.from({ length: 21 }, (_, i) => `c${i}`).join(",");
    expect(() => parseListingQuery(new URLSearchParams(`categories=${many}`))).toThrow("at most 20");
  });
});

describe("listingSearch", () => {
  it("leaves defaults out so page 1 is the clean URL", () => {
    expect(listingSearch({ page: 1, sort: "popularity", minPrice: null, maxPrice: null })).toBe("");
    expect(listingSearch({ page: 2, sort: "popularity" })).toBe("?page=2");
    expect(listingSearch({ page: 1, sort: "price", minPrice: 1000, maxPrice: 2000 })).toBe("?orderBy=price&minPrice=10&maxPrice=20");
    expect(listingSearch({ page: 2, sort: "popularity", ...NO_FILTERS, categories: ["spa", "massage"], vip: true })).toBe(
      "?categories=spa%2Cmassage&vip=true&page=2",
    );
  });
});
