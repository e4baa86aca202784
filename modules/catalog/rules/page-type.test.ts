import { describe, expect, it } from "vitest";
import { pageTypeFromPath } from "./page-type";

const type = (url: string) => {
  const parsed = new URL(url, "https://www.wowcher.co.uk");
  return pageTypeFromPath(parsed.pathname, parsed.searchParams);
};

describe("pageTypeFromPath", () => {
  it.each([
    ["/", "root"],
    ["/deals/london", "homepage"],
    ["/deals/london/beauty", "category"],
    ["/deals/london/beauty/spa", "category"],
    ["/deals/shop/electricals", "category"],
    ["/deals/travel", "travel"],
    ["/deals/escapes/ireland-breaks", "travel"],
    ["/deals/vip", "vipCategory"],
    ["/deals/wellness-collection", "wellness-collection"],
    ["/deals/london/special/date-night", "special"],
    ["/near-me/hub", "category"],
    ["/near-me/beauty", "category"],
    ["/deal/london/beauty/spa/30000001", "deal"],
    ["/deal/london/beauty/spa/30000001?vip=true", "vipDeal"],
    ["/deal/london/beauty/spa/30000001?dealPreview=abc", "dealPreview"],
    ["/deal-preview/london", "homepage"],
    ["/email-deal/london/beauty/spa/30000001", "deal"],
    ["/london/gift-finder", "gift-finder"],
    ["/london/gift-finder/gifts-for-mum", "gift-finder"],
    ["/deal/dublin/gift-finder", "gift-finder"],
    ["/gifts", "gifts"],
    ["/deals/shop/gifts", "gifts"],
    ["/guides/hub", "guide"],
    ["/guides/holiday-deals?claim-my-gift=true", "claim-gift"],
    ["/search?q=spa", "search"],
    ["/map-view", "map-view"],
    ["/early-bird", "early-bird"],
    ["/recently-viewed", "recentlyViewed"],
    ["/recommended-for-you", "recommended"],
    ["/checkout/abc123", "checkout"],
    ["/order-addon", "order-addon"],
    ["/myaccount", "myaccount"],
    ["/myaccount/vouchers", "vouchers"],
    ["/login", "account"],
    ["/insights", "dashboard"],
    ["/welcome", "ppc"],
    ["/extend", "extendLanding"],
    ["/page/aboutus", "other"],
  ])("%s is %s", (url, expected) => {
    expect(type(url)).toBe(expected);
  });
});
