import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRANDS } from "../../../lib/brand";
import { fixedClock } from "../../../lib/clock";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { insertCatalogBasics, insertDeal, insertMoreCategories } from "../../../tests/support/catalog-fixtures";
import { CatalogError } from "../errors";
import { parseListingQuery } from "../rules/listing-options";
import { parseListingPath } from "../rules/listing-path";
import { dealTags, specialTags } from "../schema";
import { type ListingRequest, listDeals } from "./list-deals";

let database: TestDatabase;
const now = fixedClock("2026-11-21T15:00:00Z").now();

function request(path: string, overrides: Partial<ListingRequest> = {}): ListingRequest {
  const [pathname, search = ""] = path.split("?");
  const parsed = parseListingPath(pathname);
  if (parsed.target.kind === "deal") throw new Error("not a listing");
  return {
    brand: BRANDS.wowcher,
    now,
    pageType: parsed.pageType,
    target: parsed.target,
    query: parseListingQuery(new URLSearchParams(search)),
    visitorLocation: "london",
    outOfRange: "not-found",
    ...overrides,
  };
}

const list = (path: string, overrides: Partial<ListingRequest> = {}) => listDeals(database.db, request(path, overrides));
const headlines = (deals: { headline: string }[]) => deals.map((deal) => deal.headline);

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const basics = await insertCatalogBasics(db);
  const more = await insertMoreCategories(db, basics);
  // 14 London spa deals, popularity 140..10; prices 1000..2300.
  for (let i = 0; i < 14; i++) {
    await insertDeal(db, basics, { headline: `Spa ${i}`, totalBought: 140 - i * 10, price: 1000 + i * 100, originalPrice: 5000 });
  }
  await insertDeal(db, basics, { headline: "Massage A", subCategoryId: more.massage.id, totalBought: 5, price: 3000, originalPrice: 6000 });
  await insertDeal(db, basics, { headline: "Massage B", subCategoryId: more.massage.id, totalBought: 4, price: 3500, originalPrice: 6000 });
  await insertDeal(db, basics, { headline: "Closed yesterday", totalBought: 999, closingDate: new Date("2026-11-20T12:00:00Z") });
  await insertDeal(db, basics, { headline: "Closes this morning", totalBought: 1, closingDate: new Date("2026-11-21T09:00:00Z") });
  await insertDeal(db, basics, { headline: "Not open", totalBought: 999, open: false });
  await insertDeal(db, basics, { headline: "Manchester spa", locationId: 275851, totalBought: 999 });
  await insertDeal(db, basics, {
    headline: "Manchester VIP massage",
    locationId: 275851,
    subCategoryId: more.massage.id,
    totalBought: 50,
    vipPrice: 1500,
    vipDiscountPercentage: 67,
    vipDiscountAllowed: true,
    earlyBird: true,
  });
  for (let i = 0; i < 3; i++) {
    await insertDeal(db, basics, {
      headline: `Earbuds ${i}`,
      dealType: "national",
      locationId: null,
      categoryId: more.electricals.id,
      subCategoryId: more.audio.id,
      totalBought: 50 - i,
    });
  }
  await insertDeal(db, basics, {
    headline: "Irish break",
    dealType: "travel",
    countryCode: "IE",
    currency: "EUR",
    locationId: null,
    categoryId: more.breaks.id,
    subCategoryId: more.spaBreaks.id,
    totalBought: 10,
  });
  await db.insert(specialTags).values({ slug: "date-night", name: "Date Night", description: "For two." });
  const tagged = await insertDeal(db, basics, { headline: "Tagged spa", totalBought: 0 });
  await db.insert(dealTags).values({ tag: "date-night", dealId: tagged.id });
});

afterAll(() => database.dispose());

describe("location homepage", () => {
  it("features the main deal and a side deal, then nine deals per page", async () => {
    const page = await list("/deals/london");
    expect(page.heading).toBe("Deals in London");
    expect(page.mainDeal?.headline).toBe("Spa 0");
    expect(headlines(page.sideDeals)).toEqual(["Spa 1"]);
    expect(headlines(page.deals)).toEqual(["Spa 2", "Spa 3", "Spa 4", "Spa 5", "Spa 6", "Spa 7", "Spa 8", "Spa 9", "Spa 10"]);
    // 14 spa + 2 massage + closing-today + tagged = 18 listable; 2 featured, 16 in the grid.
    expect(page.total).toBe(18);
    expect(page.pageCount).toBe(2);
    expect(page.canonicalUrl).toBe("/deals/london");
    expect(page.robots).toBe("INDEX, FOLLOW");
  });

  it("continues after the featured deals on page 2 and keeps a deal closing today", async () => {
    const page = await list("/deals/london?page=2");
    expect(page.mainDeal).toBeNull();
    expect(headlines(page.deals)).toEqual(["Spa 11", "Spa 12", "Spa 13", "Massage A", "Massage B", "Closes this morning", "Tagged spa"]);
    expect(page.canonicalUrl).toBe("/deals/london?page=2");
  });

  it("answers 404 past the last page for pages, an empty page for load-more", async () => {
    await expect(list("/deals/london?page=3")).rejects.toBeInstanceOf(CatalogError);
    const empty = await list("/deals/london?page=3", { outOfRange: "empty" });
    expect(empty.deals).toEqual([]);
  });

  it("never lists closed, unopened, unpublished or other locations' deals", async () => {
    const all = [...(await list("/deals/london")).deals, ...(await list("/deals/london?page=2")).deals];
    expect(headlines(all)).not.toContain("Closed yesterday");
    expect(headlines(all)).not.toContain("Not open");
    expect(headlines(all)).not.toContain("Manchester spa");
    expect(headlines(all)).not.toContain("Earbuds 0");
  });

  it("lists top categories with counts as faceted navigation", async () => {
    const { facetedNavigation } = await list("/deals/london");
    expect(facetedNavigation.navigations).toEqual([
      { linkText: "Beauty", shortName: "beauty", count: 18, url: "/deals/london/beauty", isActive: false },
    ]);
    expect(facetedNavigation.count).toBe(18);
  });

  it("fails for an unknown location", async () => {
    await expect(list("/deals/atlantis")).rejects.toThrow("Page not found");
    await expect(list("/deals/dublin")).rejects.toThrow("Page not found");
  });
});

describe("category pages", () => {
  it("lists a sub-category with sibling facets and breadcrumbs", async () => {
    const page = await list("/deals/london/beauty/massage");
    expect(page.heading).toBe("Massage Deals in London");
    expect(page.mainDeal?.headline).toBe("Massage A");
    expect(page.total).toBe(2);
    expect(page.facetedNavigation.navigations.map((n) => [n.shortName, n.count, n.isActive])).toEqual([
      ["spa", 16, false],
      ["massage", 2, true],
    ]);
    expect(page.facetedNavigation.parentNavUrl).toBe("/deals/london/beauty");
    expect(page.breadcrumbs).toEqual([
      { label: "Home", href: "/deals/london" },
      { label: "Beauty", href: "/deals/london/beauty" },
      { label: "Massage", href: "/deals/london/beauty/massage" },
    ]);
  });

  it("answers 404 for an unknown or wrong-kind category", async () => {
    await expect(list("/deals/london/nothing")).rejects.toThrow("Page not found");
    await expect(list("/deals/london/electricals")).rejects.toThrow("Page not found");
    await expect(list("/deals/london/beauty/spa/deeper")).rejects.toThrow("Page not found");
  });
});

describe("sort and price filter", () => {
  it("sorts without featured deals and points the canonical at the plain listing", async () => {
    const page = await list("/deals/london/beauty/spa?orderBy=pricelow");
    expect(page.mainDeal).toBeNull();
    expect(page.deals[0].price).toBe(1000);
    expect(page.deals.map((d) => d.price)).toEqual([...page.deals.map((d) => d.price)].sort((a, b) => a - b));
    expect(page.robots).toBe("NOINDEX, FOLLOW");
    expect(page.canonicalUrl).toBe("/deals/london/beauty/spa");
    const high = await list("/deals/london/beauty/spa?orderBy=price");
    expect(high.deals[0].price).toBe(2300);
  });

  it("keeps only deals inside the price band", async () => {
    const page = await list("/deals/london?minPrice=20&maxPrice=50");
    expect(page.deals.map((d) => d.price).every((price) => price >= 2000 && price <= 5000)).toBe(true);
    expect(headlines(page.deals)).toEqual(expect.arrayContaining(["Massage A", "Spa 10"]));
    expect(page.total).toBe(6);
  });
});

describe("shop, travel and special listings", () => {
  it("lists national deals under shop", async () => {
    const page = await list("/deals/shop/electricals");
    expect(page.dealType).toBe("national");
    expect(page.mainDeal?.headline).toBe("Earbuds 0");
    expect(page.total).toBe(3);
    expect(page.facetedNavigation.navigations.map((n) => n.url)).toEqual(["/deals/shop/electricals/audio"]);
  });

  it("uses the market's travel name and redirects the other one", async () => {
    const irish = { brand: BRANDS.wowcherie, visitorLocation: "dublin" };
    const page = await list("/deals/escapes", irish);
    expect(page.heading).toBe("Escapes");
    expect(page.mainDeal).toBeNull(); // travel has no featured deals
    expect(headlines(page.deals)).toEqual(["Irish break"]);
    expect((await list("/deals/travel/uk-breaks", irish)).redirectUrl).toBe("/deals/escapes/uk-breaks");
    expect((await list("/deals/escapes")).redirectUrl).toBe("/deals/travel");
  });

  it("lists a special tag's deals", async () => {
    const page = await list("/deals/london/special/date-night");
    expect(page.heading).toBe("Date Night in London");
    expect(page.total).toBe(1);
    await expect(list("/deals/london/special/unknown")).rejects.toThrow("Page not found");
  });

  it("titles near-me pages 'Deals Near You'", async () => {
    const page = await list("/near-me/beauty");
    expect(page.metaTitle).toBe("Deals Near You");
    expect(page.description).toBe("Save up to 80%");
    expect(page.total).toBe(18);
  });

  it("canonicalises gshop pages to the shop page and keeps them out of the index", async () => {
    const page = await list("/deals/london/gshop/electricals");
    expect(page.canonicalUrl).toBe("/deals/shop/electricals");
    expect(page.robots).toBe("NOINDEX, FOLLOW");
    expect(page.metaTitle).toMatch(/\| electricals$/);
  });
});

describe("listing query keys (spec §2)", () => {
  it("narrows by category and subcategory like a filter: no featured deals, canonical to the plain page", async () => {
    const page = await list("/deals/london?category=beauty&subcategory=massage");
    expect(page.mainDeal).toBeNull();
    expect(headlines(page.deals)).toEqual(["Massage A", "Massage B"]);
    expect(page.total).toBe(2);
    expect(page.robots).toBe("NOINDEX, FOLLOW");
    expect(page.canonicalUrl).toBe("/deals/london");
    expect((await list("/deals/london/beauty?subcategory=massage")).total).toBe(2);
  });

  it("answers 404 for a category key that names nothing or contradicts the path", async () => {
    await expect(list("/deals/london?category=nothing")).rejects.toThrow("Page not found");
    await expect(list("/deals/london/beauty?category=electricals")).rejects.toThrow("Page not found");
    await expect(list("/deals/london/beauty/spa?subcategory=massage")).rejects.toThrow("Page not found");
    await expect(list("/deals/london?categories=nothing")).rejects.toThrow("Page not found");
  });

  it("keeps deals of any of the listed categories", async () => {
    const page = await list("/deals/london?categories=massage,uk-breaks");
    expect(headlines(page.deals)).toEqual(["Massage A", "Massage B"]);
    const both = await list("/deals/london?categories=massage,spa");
    expect(both.total).toBe(18);
  });

  it("filters by a special tag or a flag tag with searchTag", async () => {
    expect(headlines((await list("/deals/london?searchTag=date-night")).deals)).toEqual(["Tagged spa"]);
    expect(headlines((await list("/deals/manchester?searchTag=early-bird")).deals)).toEqual(["Manchester VIP massage"]);
    await expect(list("/deals/london?searchTag=no-such-tag")).rejects.toThrow("Page not found");
  });

  it("keeps only deals with a VIP price with vip=true", async () => {
    const page = await list("/deals/manchester?vip=true");
    expect(headlines(page.deals)).toEqual(["Manchester VIP massage"]);
    expect(page.facetedNavigation.count).toBe(1);
  });

  it("lists every location's local deals with all=true", async () => {
    const page = await list("/deals/london/beauty/spa?all=true");
    expect(page.heading).toBe("Spa Deals in the UK");
    expect(page.total).toBe(17);
    expect(headlines(page.deals)[0]).toBe("Manchester spa");
  });

  it("uses the location key where the path names no location", async () => {
    const page = await list("/near-me/hub?location=manchester");
    expect(page.location.shortName).toBe("manchester");
    expect(headlines(page.deals)).toEqual(["Manchester spa", "Manchester VIP massage"]);
    await expect(list("/near-me/hub?location=atlantis")).rejects.toThrow("Page not found");
  });
});
