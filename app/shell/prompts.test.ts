import { describe, expect, it } from "vitest";
import { appDeepLink, appPlatform, emailOrAffiliateArrival, hasCookie, marketingExcludedPage, offerMarketingLightbox, preferenceCookie, showAppBanner } from "./prompts";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";

describe("marketing lightbox", () => {
  it("is not offered on the pages the spec excludes", () => {
    for (const path of ["/welcome", "/ppc", "/checkout", "/checkout/abc123", "/page/faqs", "/page/merchantfaqs", "/page/internetsafety", "/myaccount/refer-a-friend", "/refer/ABC"]) {
      expect(marketingExcludedPage(path), path).toBe(true);
    }
    for (const path of ["/", "/deals/london", "/deals/london/spa", "/deal/london/spa/massage/123", "/page/about-us"]) {
      expect(marketingExcludedPage(path), path).toBe(false);
    }
  });

  it("is not offered to arrivals from an email or an affiliate", () => {
    const arrival = (path: string, query: string) => emailOrAffiliateArrival(path, new URLSearchParams(query));
    expect(arrival("/email-deals/london", "")).toBe(true);
    expect(arrival("/", "ct=abcdefghijkl")).toBe(true);
    expect(arrival("/", "utm_medium=email&utm_source=daily")).toBe(true);
    expect(arrival("/", "utm_medium=affiliate")).toBe(true);
    expect(arrival("/", "usr_src=email_daily")).toBe(true);
    expect(arrival("/", "st_cid=123")).toBe(true);
    expect(arrival("/deals/london", "usr_src=search")).toBe(false);
    expect(arrival("/", "utm_medium=cpc")).toBe(false);
  });

  it("needs the subscription check's offer and waits while the sign-in prompt is open", () => {
    const base = { pathname: "/", search: new URLSearchParams(), subscriptionCheckOffers: true, signInPromptOffered: false };
    expect(offerMarketingLightbox(base)).toBe(true);
    expect(offerMarketingLightbox({ ...base, subscriptionCheckOffers: false })).toBe(false);
    expect(offerMarketingLightbox({ ...base, signInPromptOffered: true })).toBe(false);
    expect(offerMarketingLightbox({ ...base, pathname: "/welcome" })).toBe(false);
    expect(offerMarketingLightbox({ ...base, search: new URLSearchParams("utm_medium=email") })).toBe(false);
  });
});

describe("smart app banner", () => {
  it("recognises iOS and Android, nothing else", () => {
    expect(appPlatform(IPHONE)).toBe("ios");
    expect(appPlatform(ANDROID)).toBe("android");
    expect(appPlatform(DESKTOP)).toBeNull();
  });

  it("shows on the home, location home and category pages of phones until closed", () => {
    for (const pathname of ["/", "/deals/london", "/deals/london/beauty", "/near-me/hub"]) {
      expect(showAppBanner({ pathname, userAgent: IPHONE, dismissed: false }), pathname).toBe(true);
    }
    expect(showAppBanner({ pathname: "/", userAgent: ANDROID, dismissed: false })).toBe(true);
    expect(showAppBanner({ pathname: "/", userAgent: DESKTOP, dismissed: false })).toBe(false);
    expect(showAppBanner({ pathname: "/", userAgent: IPHONE, dismissed: true })).toBe(false);
    for (const pathname of ["/deal/london/spa/massage/123", "/checkout", "/myaccount", "/search"]) {
      expect(showAppBanner({ pathname, userAgent: IPHONE, dismissed: false }), pathname).toBe(false);
    }
  });

  it("deep-links to the same page in the brand's app", () => {
    expect(appDeepLink("wowcher", "/deals/london", "?page=2")).toBe("wowcher://open/deals/london?page=2");
    expect(appDeepLink("livingsocialie", "/")).toBe("livingsocialie://open/");
  });

  it("remembers a close for 2 days", () => {
    expect(preferenceCookie("app_banner_closed", 2, true)).toBe("app_banner_closed=1; Max-Age=172800; Path=/; SameSite=Lax; Secure");
    expect(hasCookie("a=1; app_banner_closed=1", "app_banner_closed")).toBe(true);
    expect(hasCookie("xapp_banner_closed=1", "app_banner_closed")).toBe(false);
  });
});
