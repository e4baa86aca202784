import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue } from "../../seed";
import { BRANDS } from "../../lib/brand";
import { fixedClock } from "../../lib/clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { listDeals } from "./listing/list-deals";
import { parseListingQuery } from "./rules/listing-options";
import { NavigationRangeError, listNavigation, parseNavigationRange } from "./navigation";

let database: TestDatabase;
const now = fixedClock("2026-11-21T12:00:00Z").now();
const london = { id: 275850, name: "London", shortName: "london" };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalogue(database.db, { deals: 400, now });
});

afterAll(() => database.dispose());

describe("listNavigation", () => {
  it("names the local item after the visitor's location and fills {location} in urls", async () => {
    const items = await listNavigation(database.db, { countryCode: "GB", location: london });
    expect(items[0]).toMatchObject({ kind: "local", linkText: "London", url: "/deals/london", isLocal: true, isDefault: true, count: null });
    expect(items.find((item) => item.shortName === "beauty")).toMatchObject({ url: "/deals/london/beauty", isLocalLink: true });
    expect(items.map((item) => item.linkText)).toEqual(expect.arrayContaining(["Shop", "Travel", "Gifts", "VIP Hub"]));
  });

  it("marks the item of the given page active, down to the travel sub-category", async () => {
    const items = await listNavigation(database.db, { countryCode: "GB", location: london, path: "/deals/london/beauty/spa" });
    expect(items.filter((item) => item.isActive).map((item) => item.shortName)).toEqual(["beauty"]);
    const travel = (await listNavigation(database.db, { countryCode: "GB", location: london, path: "/deals/travel" })).find((item) => item.kind === "travel")!;
    expect(travel.isActive).toBe(true);
    const top = travel.subNavigations[0];
    const sub = top.subNavigations[0];
    const deep = (await listNavigation(database.db, { countryCode: "GB", location: london, path: sub.url })).find((item) => item.kind === "travel")!;
    expect(deep.subNavigations.filter((item) => item.isActive).map((item) => item.id)).toEqual([top.id]);
    expect(deep.subNavigations[0].subNavigations.filter((item) => item.isActive).map((item) => item.id)).toEqual([sub.id]);
    const none = await listNavigation(database.db, { countryCode: "GB", location: london });
    expect(none.some((item) => item.isActive)).toBe(false);
  });

  it("nests travel categories two levels deep and calls travel escapes in Ireland", async () => {
    const gb = await listNavigation(database.db, { countryCode: "GB", location: london });
    const travel = gb.find((item) => item.kind === "travel")!;
    expect(travel.url).toBe("/deals/travel");
    expect(travel.subNavigations[0].subNavigations.length).toBeGreaterThan(0);
    const ie = await listNavigation(database.db, { countryCode: "IE", location: { id: 275859, name: "Dublin", shortName: "dublin" } });
    expect(ie.find((item) => item.kind === "travel")).toMatchObject({ linkText: "Escapes", url: "/deals/escapes" });
    expect(ie[0].linkText).toBe("Dublin");
  });

  it("counts the same deals the listings show", async () => {
    const items = await listNavigation(database.db, { countryCode: "GB", location: london, withCounts: { now } });
    const listingTotal = async (path: string) => {
      const [, , second, ...rest] = path.split("/");
      const target =
        second === "shop"
          ? ({ kind: "shop", categories: rest } as const)
          : second === "travel"
            ? ({ kind: "travel", segment: "travel", categories: rest } as const)
            : ({ kind: "location", location: second, categories: rest } as const);
      const page = await listDeals(database.db, {
        brand: BRANDS.wowcher,
        now,
        pageType: "category",
        target,
        query: parseListingQuery(new URLSearchParams()),
        visitorLocation: "london",
        outOfRange: "empty",
      });
      return page.total;
    };
    for (const item of items.filter((i) => i.kind === "local" || i.kind === "category" || i.kind === "travel")) {
      expect(item.count, item.url).toBe(await listingTotal(item.url));
    }
  });

  it("returns the requested range of top-level items", async () => {
    const all = await listNavigation(database.db, { countryCode: "GB", location: london });
    const some = await listNavigation(database.db, { countryCode: "GB", location: london, range: { from: 2, to: 4 } });
    expect(some.map((item) => item.id)).toEqual(all.slice(1, 4).map((item) => item.id));
  });
});

describe("parseNavigationRange", () => {
  it("reads 1-30 and rejects nonsense", () => {
    expect(parseNavigationRange("1-30")).toEqual({ from: 1, to: 30 });
    expect(parseNavigationRange(undefined)).toEqual({ from: 1, to: 30 });
    expect(() => parseNavigationRange("0-5")).toThrow(NavigationRangeError);
    expect(() => parseNavigationRange("5-2")).toThrow(NavigationRangeError);
    expect(() => parseNavigationRange("all")).toThrow("range must look like 1-30");
  });
});
