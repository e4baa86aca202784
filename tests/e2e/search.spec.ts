import { expect, test } from "@playwright/test";
import { open, seriousViolations } from "./support/journeys";

test("a shopper types, picks a suggestion with the keyboard, filters by a facet and opens a deal", async ({ page }) => {
  await open(page, "/deals/london");
  const box = page.getByRole("combobox", { name: "Search deals" });
  await box.pressSequentially("spa", { delay: 50 });

  const listbox = page.getByRole("listbox", { name: "Search suggestions" });
  await expect(listbox).toBeVisible();
  const options = listbox.getByRole("option");
  await expect(options.first()).toBeVisible();
  await box.press("ArrowDown");
  await box.press("ArrowDown");
  const second = options.nth(1);
  await expect(second).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await second.getAttribute("id")) ?? "missing");
  const picked = (await second.textContent())?.trim() ?? "";
  await box.press("Enter");

  await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(picked).replace(/%20/g, "\\+")}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Results for “${picked}”`);
  await expect(box).toHaveValue(picked);
  await expect(page.getByTestId("deal-tile").first()).toBeVisible();

  const categories = page.getByRole("navigation", { name: "Category" });
  const facet = categories.getByRole("link").first();
  const facetCount = Number(await facet.locator("span").last().textContent());
  await facet.click();
  await expect(page).toHaveURL(/category=/);
  await expect(page.getByTestId("result-count")).toHaveText(facetCount === 1 ? "1 deal" : `${facetCount} deals`);
  await expect(categories.locator("[aria-current]").first()).toBeVisible();

  // An organic result (sponsored ones are checked below) tells the deal page the shopper came from search.
  const tile = page.locator("li:not(:has([data-ad-id]))").getByTestId("deal-tile").first();
  const href = (await tile.getByRole("link").getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/deal\/[a-z-]+\/[a-z0-9-]+\/[a-z0-9-]+\/\d+\/[a-z0-9-]+\?usr_src=search$/);
  await tile.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[?]/g, "\\?")}$`));
});

test("deal tiles seen in full are reported in one batch when the page is hidden", async ({ page }) => {
  // A small screen (four tiles a row), so part of the nine-tile list is out of view.
  await page.setViewportSize({ width: 640, height: 600 });
  await open(page, "/deals/london");
  // The location page's deal list (featured deals and scrollers sit above it).
  const listing = page.getByRole("region", { name: "Deals", exact: true });
  const tiles = listing.getByTestId("deal-tile");
  await expect(tiles).toHaveCount(9);
  await tiles.first().scrollIntoViewIfNeeded();
  const visibleIds = await tiles.evaluateAll((all) =>
    all
      .filter((tile) => {
        const box = tile.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      })
      .map((tile) => Number((tile as HTMLElement).dataset.dealId)),
  );
  expect(visibleIds.length).toBeGreaterThan(0);
  expect(visibleIds.length).toBeLessThan(9);
  // Let the IntersectionObserver report, then hide the page the way a tab switch or unload does.
  await page.waitForTimeout(300);
  const request = page.waitForRequest((r) => r.url().endsWith("/v1/deal/london/impressions"));
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent("pagehide")));
  const sent = (await request).postDataJSON() as number[];
  expect(sent.sort()).toEqual(visibleIds.sort());
  const response = await (await request).response();
  expect(await response?.json()).toEqual({ recorded: visibleIds.length });
});

test("sponsored results are labelled, keep their slots when sorting, and are tracked", async ({ page }) => {
  const sponsoredImpression = page.waitForRequest(
    (r) => r.url().endsWith("/v1/sponsored/impressionAndClick") && r.postDataJSON()?.type === "impression",
  );
  await page.goto("/search?q=spa");
  const sponsored = page.getByTestId("sponsored-tile");
  await expect(sponsored.first()).toBeVisible();
  await expect(sponsored.first()).toContainText("Sponsored");
  const before = await sponsored.getByRole("heading").allTextContents();
  const positionsBefore = await page.locator("ul[aria-label='Search results'] > li").evaluateAll((items) =>
    items.map((li, i) => (li.querySelector("[data-testid='sponsored-tile']") ? i : -1)).filter((i) => i >= 0),
  );
  expect(before.length).toBeGreaterThan(0);
  const impression = (await sponsoredImpression).postDataJSON();
  expect(impression.sessionId).toMatch(/^[A-Za-z0-9_-]{24}$/);

  await page.getByLabel("Sort by").selectOption("pricelow");
  await expect(page).toHaveURL(/orderBy=pricelow/);
  await expect(sponsored.first()).toContainText("Sponsored");
  expect(await sponsored.getByRole("heading").allTextContents()).toEqual(before);
  const positionsAfter = await page.locator("ul[aria-label='Search results'] > li").evaluateAll((items) =>
    items.map((li, i) => (li.querySelector("[data-testid='sponsored-tile']") ? i : -1)).filter((i) => i >= 0),
  );
  expect(positionsAfter).toEqual(positionsBefore);

  const link = sponsored.first().getByRole("link");
  await expect(link).toHaveAttribute("href", /usr_src=sponsored_search_/);
  const click = page.waitForRequest((r) => r.url().endsWith("/v1/sponsored/impressionAndClick") && r.postDataJSON()?.type === "click");
  await link.click();
  expect((await click).postDataJSON().adIds).toHaveLength(1);
  await expect(page).toHaveURL(/usr_src=sponsored_search_/);
});

test("a typo still finds deals and the page says what it searched for", async ({ page }) => {
  await page.goto("/search?q=resturant");
  await expect(page.getByText("Showing results for")).toContainText("restaurant");
  await expect(page.getByTestId("deal-tile").first()).toBeVisible();
});

test("an empty search shows a friendly prompt", async ({ page }) => {
  const response = await page.goto("/search?q=%20%20");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("What are you looking for?");
});

test("searching works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/deals/london");
  await page.getByRole("combobox", { name: "Search deals" }).fill("massage");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?q=massage/);
  await expect(page.getByTestId("deal-tile").first()).toBeVisible();
  await page.getByRole("button", { name: "Sort" }).waitFor();
  await page.getByLabel("Sort by").selectOption("price");
  await page.getByRole("button", { name: "Sort" }).click();
  await expect(page).toHaveURL(/orderBy=price/);
  await context.close();
});

test("the search page has no serious accessibility violations", async ({ page }) => {
  await page.goto("/search?q=spa");
  expect(await seriousViolations(page)).toEqual([]);
});

for (const variant of ["a", "b", "c"]) {
  test(`autocomplete variant ${variant} is keyboard-operable with no serious accessibility violations`, async ({ page, context }) => {
    await context.addCookies([{ name: "ab_autocomplete", value: variant, url: "http://localhost" }]);
    // Typing before hydration would fill the box without asking for suggestions.
    await open(page, "/deals/london");
    const box = page.getByRole("combobox", { name: "Search deals" });
    // Under load a pause mid-word can fetch "res" first; wait until the list shows "rest"'s answer,
    // since a fresh answer rightly clears the highlighted option.
    const answered = page.waitForResponse((response) => response.url().includes("/v1/suggest?q=rest"));
    await box.pressSequentially("rest", { delay: 30 });
    const { suggestions } = (await (await answered).json()) as { suggestions: { text: string }[] };
    const options = page.getByRole("listbox", { name: "Search suggestions" }).getByRole("option");
    await expect(options).toHaveCount(suggestions.length);
    await expect(page.getByRole("listbox", { name: "Search suggestions" })).toContainText(suggestions[suggestions.length - 1].text);
    await box.press("ArrowUp");
    await expect(options.last()).toHaveAttribute("aria-selected", "true");
    if (variant === "b") await expect(page.getByRole("group", { name: "Deals" })).toBeVisible();
    if (variant === "c") await expect(options.first()).toContainText(/Category|Place|Deal/);
    expect(await seriousViolations(page)).toEqual([]);
    await box.press("Escape");
    await expect(page.getByRole("listbox", { name: "Search suggestions" })).toBeHidden();
  });
}
