import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { open, seriousViolations } from "./support/journeys";

interface DealSummary {
  deal: { id: number; urlPath: string; soldOut: boolean; products: unknown[]; productDisplay: { type: string } };
  availability: { buyable: boolean; reason: string | null };
}

/** Deals of the seeded catalogue (ids from 30000001), read through the public API. */
async function findDeal(request: APIRequestContext, wanted: (deal: DealSummary) => boolean): Promise<DealSummary> {
  for (let start = 30_000_001; start < 30_000_601; start += 40) {
    const batch = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const response = await request.get(`/v1/deal/${start + i}`);
        return response.ok() ? ((await response.json()) as DealSummary) : null;
      }),
    );
    const found = batch.find((deal) => deal !== null && wanted(deal));
    if (found) return found;
  }
  throw new Error("no such deal in the seeded catalogue");
}

/** Opens a page and waits until React has hydrated it, so controls with JavaScript behaviour respond. */
async function expectSeo(page: Page) {
  await expect(page).toHaveTitle(/\S/);
  expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/^http:\/\/localhost:\d+\//);
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toMatch(/^(NO)?INDEX, (NO)?FOLLOW$/);
  expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
  expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toBeTruthy();
}

test("home → category → deal → product choice", async ({ page }) => {
  await open(page, "/");
  await expect(page).toHaveURL(/\/deals\/london$/);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Beauty" }).first().click();
  await expect(page).toHaveURL(/\/deals\/london\/beauty$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Beauty Deals in London");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Beauty");
  // Faceted navigation shows the sub-categories with counts; follow the first one.
  const facet = page.getByRole("navigation", { name: "Categories" }).getByRole("link").nth(1);
  const facetName = (await facet.locator("span").first().textContent())!;
  await facet.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${facetName} Deals in London`);

  await page.getByTestId("deal-tile").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/deal\/london\/beauty\//);
  await expect(page.getByRole("heading", { level: 1 })).not.toBeEmpty();
  await expect(page.getByRole("img").first()).toBeVisible();

  // A deal with several options: choosing one shows that option's price and URL.
  const multi = await findDeal(page.request, (d) => d.deal.products.length > 2 && d.deal.productDisplay.type === "dropdown" && d.availability.buyable);
  await open(page, multi.deal.urlPath);
  const chooser = page.getByLabel("Choose your option");
  const options = chooser.locator("option:not([disabled])");
  const lastOption = options.last();
  const label = (await lastOption.textContent())!;
  await chooser.selectOption({ label });
  await expect(page).toHaveURL(/\/deal\/[^?]+\/\d+\/\d+(\/[a-z0-9-]+)?$/);
  const price = label.match(/[£€]\d[\d,]*\.\d{2}|FREE/)?.[0];
  if (price) await expect(page.getByTestId("deal-price")).toContainText(price);
  await expect(chooser).toHaveValue(/\d+/);
});

test("pagination links and infinite load more", async ({ page }) => {
  await open(page, "/deals/london");
  const grid = page.getByRole("list", { name: "Deals", exact: true });
  await expect(grid.getByTestId("deal-tile")).toHaveCount(9);
  await page.getByRole("button", { name: "Load more deals" }).click();
  const more = page.getByRole("list", { name: "More deals" }).getByTestId("deal-tile");
  await expect(more.first()).toBeVisible();
  await expect(more.first()).toHaveAttribute("data-page", "2");
  const pageOne = await grid.getByRole("heading").allTextContents();
  const loaded = await more.getByRole("heading").allTextContents();
  expect(loaded.some((headline) => pageOne.includes(headline))).toBe(false);
  // Keep loading until the listing says there is no more.
  for (let i = 0; i < 20 && (await page.getByRole("button", { name: "Load more deals" }).count()) > 0; i++) {
    await page.getByRole("button", { name: "Load more deals" }).click();
    await expect(page.getByRole("button", { name: /Load more deals|Loading/ }).or(page.getByText("You've seen all the deals here."))).toBeVisible();
  }
  await expect(page.getByText("You've seen all the deals here.")).toBeVisible();

  await page.goto("/deals/london?page=2");
  await expect(page.getByRole("link", { name: "Page 1" })).toHaveAttribute("href", "/deals/london");
});

test("sorting and a price filter change the list", async ({ page }) => {
  await open(page, "/deals/london");
  const grid = page.getByRole("list", { name: "Deals", exact: true });
  const popular = await grid.getByRole("heading").allTextContents();

  const prices = async () => (await grid.getByTestId("tile-price").allTextContents()).map((text) => (text.includes("FREE") ? 0 : Number(text.replace(/[^\d.]/g, ""))));

  await page.getByLabel("Sort by").selectOption("pricelow");
  await expect(page).toHaveURL(/orderBy=pricelow/);
  await expect(page.getByRole("list", { name: "Featured deals" })).toHaveCount(0);
  // The list re-renders after the URL changes: wait for the sorted list.
  const ascending = (list: number[]) => list.length > 0 && list.every((price, i) => i === 0 || list[i - 1] <= price);
  await expect.poll(async () => ascending(await prices())).toBe(true);
  expect(await grid.getByRole("heading").allTextContents()).not.toEqual(popular);

  await page.getByRole("navigation", { name: "Price" }).getByRole("link", { name: "£20 - £50" }).click();
  await expect(page).toHaveURL(/orderBy=pricelow&minPrice=20&maxPrice=50/);
  const inBand = (list: number[]) => list.length > 0 && list.every((price) => price >= 20 && price <= 50);
  await expect.poll(async () => inBand(await prices())).toBe(true);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "NOINDEX, FOLLOW");
});

test("filter keys narrow the listing and survive sorting and price bands", async ({ page }) => {
  await open(page, "/deals/london?vip=true");
  const grid = page.getByRole("list", { name: "Deals", exact: true });
  const ids = await grid.getByTestId("deal-tile").evaluateAll((tiles) => tiles.map((tile) => Number(tile.getAttribute("data-deal-id"))));
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids.slice(0, 4)) {
    const { deal } = (await (await page.request.get(`/v1/deal/${id}`)).json()) as { deal: { vipPrice: number | null } };
    expect(deal.vipPrice, `deal ${id}`).not.toBeNull();
  }
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "NOINDEX, FOLLOW");
  await expect(page.getByRole("navigation", { name: "Price" }).getByRole("link", { name: "Any price" })).toHaveAttribute("href", /vip=true/);
  await page.getByLabel("Sort by").selectOption("pricelow");
  await expect(page).toHaveURL(/orderBy=pricelow/);
  await expect(page).toHaveURL(/vip=true/);
  expect((await page.goto("/deals/london?searchTag=no-such-tag"))?.status()).toBe(404);
});

test("the deal grid shows 2, 4, 5 and 6 deals per row by breakpoint", async ({ page }) => {
  await open(page, "/deals/london");
  const grid = page.getByRole("list", { name: "Deals", exact: true });
  // Deals on the first row: tiles that start at the same height as the first one.
  const firstRow = () =>
    grid.evaluate((list) => {
      const tops = [...list.children].map((item) => Math.round(item.getBoundingClientRect().top));
      return tops.filter((top) => top === tops[0]).length;
    });
  for (const [width, columns] of [
    [400, 2],
    [600, 4],
    [800, 5],
    [1000, 5],
    [1250, 6],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(firstRow, { message: `${width}px wide` }).toBe(columns);
  }
});

test("the main navigation marks the current page's item", async ({ page }) => {
  await page.setViewportSize({ width: 1250, height: 800 });
  await open(page, "/deals/london/beauty");
  const current = page.getByRole("navigation", { name: "Main" }).locator('[aria-current="page"]').filter({ visible: true });
  await expect(current).toHaveText(["Beauty"]);
  await page.getByTestId("deal-tile").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/deal\/london\/beauty\//);
  await expect(current).toHaveText(["Beauty"]);
  await open(page, "/deals/london");
  await expect(current).toHaveText(["London"]);
});

test("a sold-out deal shows as unavailable and offers a notification", async ({ page }) => {
  const soldOut = await findDeal(page.request, (d) => d.availability.reason === "SOLD_OUT");
  await open(page, soldOut.deal.urlPath);
  await expect(page.getByTestId("unavailable")).toContainText("Unavailable to buy");
  await expect(page.getByTestId("unavailable")).toContainText("Sorry, this deal has sold out");
  await page.getByLabel("Email me if it's back").fill("shopper@example.com");
  await page.getByRole("button", { name: "Notify me" }).click();
  await expect(page.getByRole("list", { name: "Notifications" })).toContainText("We'll email you if this deal comes back.");
});

test("an expired deal shows as unavailable and is kept out of the index", async ({ page }) => {
  const expired = await findDeal(page.request, (d) => d.availability.reason === "CLOSED" || d.availability.reason === "NOT_OPEN");
  await page.goto(expired.deal.urlPath);
  await expect(page.getByTestId("unavailable")).toContainText("Unavailable to buy");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "NOINDEX, NOFOLLOW");
});

test("an unknown deal is a 404 'Page not found'", async ({ page }) => {
  const response = await page.goto("/deal/london/beauty/spa/99999999/nothing");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  expect((await page.goto("/no/such/page"))?.status()).toBe(404);
});

test("a location key names the header's location on a page without one in its path", async ({ page }) => {
  await open(page, "/deals/shop?location=manchester");
  await expect(page.getByLabel("Choose your location")).toHaveValue("manchester");
  await open(page, "/deals/shop");
  await expect(page.getByLabel("Choose your location")).toHaveValue("london");
});

test("the location picker remembers the chosen location", async ({ page, context }) => {
  await open(page, "/deals/london");
  await page.getByLabel("Choose your location").selectOption("manchester");
  await page.getByRole("button", { name: /^Go/ }).click();
  await expect(page).toHaveURL(/\/deals\/manchester$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deals in Manchester");
  const cookie = (await context.cookies()).find((c) => c.name === "location");
  expect(cookie?.value).toBe("manchester");
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
  await page.goto("/");
  await expect(page).toHaveURL(/\/deals\/manchester$/);
});

test("the 'More +' menu holds the navigation items that do not fit", async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await open(page, "/deals/london");
  const more = page.getByRole("navigation", { name: "Main" }).locator("summary", { hasText: "More +" });
  await more.click();
  await expect(page.getByRole("navigation", { name: "Main" }).locator("details ul").getByRole("link", { name: "VIP Hub" })).toBeVisible();
  await page.getByRole("heading", { level: 1 }).click();
  await expect(page.getByRole("navigation", { name: "Main" }).locator("details ul").getByRole("link", { name: "VIP Hub" })).toBeHidden();
});

test("every page type has a title, canonical URL and robots", async ({ page }) => {
  test.setTimeout(120_000); // twenty pages, one after another
  const { deal } = await findDeal(page.request, (d) => d.availability.buyable);
  const paths = [
    "/deals/london",
    "/deals/london/beauty",
    "/deals/london/beauty/spa",
    "/deals/shop",
    "/deals/shop/electricals",
    "/deals/travel",
    "/deals/vip",
    "/deals/wellness-collection",
    "/deals/london/special/date-night",
    "/near-me/hub",
    "/guides/hub",
    "/guides/holiday-deals",
    "/guides/black-friday-deals",
    "/gifts",
    "/email-deals/london",
    "/discountcodes",
    "/editorial-team",
    "/page/aboutus",
    "/page/faqs",
    deal.urlPath,
  ];
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expectSeo(page);
  }
  await page.goto("/near-me/hub");
  await expect(page).toHaveTitle("Deals Near You | Wowcher");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", "Save up to 80%");
});

test("the Irish brand calls travel escapes and sends /deals/travel there", async ({ page }) => {
  await page.goto("/deals/travel?brand=wowcherie");
  await expect(page).toHaveURL(/\/deals\/escapes(\?|$)/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Escapes");
  await expect(page.getByRole("navigation", { name: "Escapes menu" }).getByRole("link", { name: "All travel deals" })).toBeVisible();
});

test("sitemap.xml and robots.txt are served per brand", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Sitemap: http://localhost");
  const index = await (await request.get("/sitemap.xml")).text();
  expect(index).toContain("/sitemap/pages.xml");
  const pages = await (await request.get("/sitemap/pages.xml")).text();
  expect(pages).toContain("/deals/london/beauty");
  const deals = await (await request.get("/sitemap/deals-1.xml")).text();
  expect(deals).toMatch(/<loc>http:\/\/localhost:\d+\/deal\//);
});

test("the favicon and web manifest are served with an hour's cache", async ({ request }) => {
  for (const [path, type] of [
    ["/favicon.svg", /image\/svg\+xml/],
    ["/manifest.webmanifest", /manifest\+json|json/],
  ] as const) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toMatch(type);
    expect(response.headers()["cache-control"], path).toBe("public, max-age=3600");
  }
});

for (const [name, path] of [
  ["home", "/deals/london"],
  ["category", "/deals/london/beauty"],
] as const) {
  test(`the ${name} page has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("the deal page has no serious accessibility violations", async ({ page }) => {
  const { deal } = await findDeal(page.request, (d) => d.availability.buyable && d.deal.products.length > 1);
  await page.goto(deal.urlPath);
  expect(await seriousViolations(page)).toEqual([]);
});
