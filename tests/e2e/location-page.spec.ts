import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

test("a shopper browses London deals and moves to page 2", async ({ page }) => {
  await page.goto("/deals/london");
  await expect(page).toHaveTitle(/London Deals/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deals in London");

  // The main deal and a side deal head page 1; the grid below holds nine.
  await expect(page.getByRole("list", { name: "Featured deals" }).getByTestId("deal-tile")).toHaveCount(2);
  const tiles = page.getByRole("list", { name: "Deals", exact: true }).getByTestId("deal-tile");
  await expect(tiles).toHaveCount(9);
  await expect(tiles.first().getByRole("heading")).not.toBeEmpty();
  await expect(tiles.first().getByTestId("tile-price").or(tiles.first().getByTestId("price-text"))).toHaveText(/^(From ?)?(£\d[\d,]*\.\d{2}|FREE)(pp.*)?$|%/);
  const firstPageHeadlines = await tiles.getByRole("heading").allTextContents();

  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/deals\/london\?page=2$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("page 2");
  const secondPageHeadlines = await page.getByRole("list", { name: "Deals", exact: true }).getByRole("heading").allTextContents();
  expect(secondPageHeadlines.length).toBeGreaterThan(0);
  expect(secondPageHeadlines).not.toEqual(firstPageHeadlines);

  // Spec: the link back to page 1 is the clean URL, without ?page.
  const previous = page.getByRole("link", { name: "Previous" });
  await expect(previous).toHaveAttribute("href", "/deals/london");
});

test("deal images load from the app itself", async ({ page }) => {
  await page.goto("/deals/london");
  const image = page.getByTestId("deal-tile").first().locator("img");
  await expect(image).toHaveAttribute("src", /^\/img\/deal\//);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test("the Irish brand shows euro prices and Dublin", async ({ page }) => {
  await page.goto("/?brand=wowcherie");
  await expect(page).toHaveURL(/\/deals\/dublin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deals in Dublin");
  await expect(page.getByTestId("tile-price").first()).toHaveText(/€\d[\d,]*\.\d{2}|FREE/);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dublin" }).first()).toHaveAttribute("href", "/deals/dublin");
  // Travel is named 'escapes' on the Irish site (the item may sit in the 'More +' menu).
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Escapes", includeHidden: true }).first()).toHaveAttribute("href", "/deals/escapes");
});

test("an unknown location is a 404 'Page not found'", async ({ page }) => {
  const response = await page.goto("/deals/atlantis");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
});

test("the location page has no serious accessibility violations", async ({ page }) => {
  await page.goto("/deals/london");
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
