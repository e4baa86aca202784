import { describe, expect, it } from "vitest";
import { activeNavigationId } from "./active-navigation";

const items = [
  { id: 1, url: "/deals/london" },
  { id: 2, url: "/deals/london/beauty" },
  { id: 3, url: "/deals/shop" },
  { id: 4, url: "/deals/shop/electricals" },
  { id: 5, url: "/deals/travel" },
  { id: 6, url: "/gifts" },
];

describe("activeNavigationId", () => {
  it("marks the longest matching item only", () => {
    expect(activeNavigationId(items, "/deals/london")).toBe(1);
    expect(activeNavigationId(items, "/deals/london/beauty/spa")).toBe(2);
    expect(activeNavigationId(items, "/deals/london/restaurants")).toBe(1);
    expect(activeNavigationId(items, "/deals/shop/electricals/audio?page=2")).toBe(4);
    expect(activeNavigationId(items, "/deals/shop/")).toBe(3);
  });

  it("treats a deal page as part of its listing", () => {
    expect(activeNavigationId(items, "/deal/london/beauty/spa/30000001/spa-day")).toBe(2);
    expect(activeNavigationId(items, "/deal/travel/uk-breaks/spa-breaks/30000002")).toBe(5);
  });

  it("matches whole segments only, and nothing on unrelated pages", () => {
    expect(activeNavigationId(items, "/deals/londonderry")).toBeNull();
    expect(activeNavigationId(items, "/giftshop")).toBeNull();
    expect(activeNavigationId(items, "/search")).toBeNull();
  });
});
