/**
 * Accessibility found by hand, as the server renders it: the document language per brand, the brand
 * in every page title, the location picker as a GET form that works without JavaScript, and the
 * search box's combobox on a text input (the Nu HTML checker rejects role=combobox on type=search).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRANDS, type BrandId } from "../../lib/brand";
import { ManualClock } from "../support/manual-clock";
import { openShopPages, type PageApp, pageHtml } from "../support/page-app";
import { TestBrowser } from "../support/test-browser";

let app: PageApp;
let close: () => Promise<void>;
const clock = new ManualClock("2026-11-21T12:00:00Z");
let ip = 0;

beforeAll(async () => {
  ({ app, close } = await openShopPages(clock, { dublinSouthId: 275860 }));
}, 120_000);
afterAll(() => close?.());

function browser(brand: BrandId = "wowcher") {
  ip += 1;
  return new TestBrowser(app, { host: BRANDS[brand].hosts[0], ip: `198.51.100.${ip}` });
}

async function page(path: string, brand: BrandId = "wowcher") {
  const response = await browser(brand).request(path);
  expect(response.status, path).toBe(200);
  return pageHtml(response);
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1].replace(/&#x27;/g, "'").replace(/&amp;/g, "&") ?? "";
const langOf = (html: string) => /<html[^>]* lang="([^"]+)"/.exec(html)?.[1];

describe("document language", () => {
  it.each([
    ["wowcher", "en-GB"],
    ["livingsocial", "en-GB"],
    ["wowcherie", "en-IE"],
    ["livingsocialie", "en-IE"],
  ] as const)("%s pages declare lang=%s", async (brand, lang) => {
    expect(langOf(await page("/login", brand))).toBe(lang);
  });
});

describe("page titles", () => {
  it.each(["/login", "/deals/london", "/checkout", "/register", "/search"])("%s ends with the brand's name", async (path) => {
    const title = titleOf(await page(path));
    expect(title).toMatch(/\S+ \| Wowcher$/);
    expect(title).not.toMatch(/Page not found/);
  });

  it("names the Irish brand on its own pages, and a missing page too", async () => {
    expect(titleOf(await page("/login", "wowcherie"))).toBe("Log in | Wowcher");
    const missing = await browser("livingsocial").request("/no/such/page");
    expect(missing.status).toBe(404);
    expect(titleOf(await pageHtml(missing))).toBe("Page not found | LivingSocial");
  });
});

describe("location picker", () => {
  it("is a GET form with a Go button, not a form that acts on change", async () => {
    const html = await page("/deals/london");
    const form = /<form[^>]*data-testid="location-picker"[^>]*>[\s\S]*?<\/form>/.exec(html)?.[0] ?? "";
    expect(form).toMatch(/method="get"/);
    expect(form).toMatch(/action="\/location"/);
    expect(form).toMatch(/<button type="submit"[^>]*>Go/);
    expect(form).not.toContain("csrf");
  });

  it("remembers the choice and shows its deals without JavaScript or a token (no 403)", async () => {
    const shopper = browser();
    const response = await shopper.request("/location?location=manchester");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/deals/manchester");
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(shopper.cookies.get("location")).toBe("manchester");
    const home = await shopper.request("/");
    expect(home.headers.get("location")).toMatch(/\/deals\/manchester$/);
  });

  it("sends an unknown or another country's location home without remembering it", async () => {
    const shopper = browser();
    for (const chosen of ["atlantis", "dublin", ""]) {
      const response = await shopper.request(`/location?location=${chosen}`);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/");
    }
    expect(shopper.cookies.has("location")).toBe(false);
  });
});

describe("search box", () => {
  it("is a combobox on a text input with the search keyboard, never role=combobox on type=search", async () => {
    const html = await page("/deals/london");
    const input = /<input[^>]*name="q"[^>]*>/.exec(html)?.[0] ?? "";
    expect(input).toContain('role="combobox"');
    expect(input).toContain('type="text"');
    expect(input).toMatch(/inputmode="search"/i);
    expect(input).toMatch(/enterkeyhint="search"/i);
    expect(html).not.toMatch(/<input[^>]*type="search"[^>]*role="combobox"|<input[^>]*role="combobox"[^>]*type="search"/);
  });
});
