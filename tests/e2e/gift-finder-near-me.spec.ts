import { type Locator, type Page, expect, test } from "@playwright/test";
import { open, seriousViolations } from "./support/journeys";

/** A choice's text as read out, e.g. "Under £10 (3)". */
async function textOf(choice: Locator): Promise<string> {
  return ((await choice.textContent()) ?? "").replace(/\s+/g, " ").trim();
}

/** The count a choice shows, e.g. "Mum (12)" → 12. */
async function countOf(page: Page, group: string, label: string): Promise<number> {
  const text = await textOf(page.getByRole("region", { name: group }).getByRole("link", { name: new RegExp(`^${label} \\(\\d+\\)$`) }));
  return Number(/\((\d+)\)$/.exec(text)![1]);
}

const results = (page: Page) => page.getByRole("heading", { level: 2, name: /^\d+ gifts? / });

test("gift finder: choose a recipient and a price band, with the counts the choices promised, with and without JavaScript", async ({ page, browser }) => {
  await open(page, "/london/gift-finder");
  await expect(page).toHaveTitle(/Gift Finder/);
  expect(await seriousViolations(page)).toEqual([]);

  const mum = await countOf(page, "Who is it for?", "Mum");
  expect(mum).toBeGreaterThan(0);
  await page.getByRole("region", { name: "Who is it for?" }).getByRole("link", { name: /^Mum \(/ }).click();
  await expect(page).toHaveURL(/\/london\/gift-finder\/gifts-for-mum$/);
  // The new results take focus, and say how many gifts there are: as many as the choice promised.
  await expect(results(page)).toHaveText(`${mum} ${mum === 1 ? "gift" : "gifts"} for Mum`);
  await expect(results(page)).toBeFocused();

  const prices = page.getByRole("region", { name: "How much to spend?" });
  const bandLink = prices.getByRole("link").first();
  const bandText = await textOf(bandLink);
  const [, band, bandCount] = /^(.+) \((\d+)\)$/.exec(bandText)!;
  await bandLink.click();
  await expect(page).toHaveURL(/\/gifts-for-mum\?price=\d+$/);
  await expect(results(page)).toHaveText(new RegExp(`^${bandCount} gifts? for Mum \\(${band.toLowerCase().replace(/[£$()]/g, "\\$&")}\\)$`));
  await expect(results(page)).toBeFocused();
  await expect(page.getByRole("list", { name: "Gifts" }).getByRole("listitem")).toHaveCount(Math.min(Number(bandCount), 18));
  await expect(prices.getByRole("link", { name: bandText })).toHaveAttribute("aria-current", "true");

  // Without JavaScript the same choices are plain links to server-rendered pages.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto("/london/gift-finder");
  const dad = await countOf(plain, "Who is it for?", "Dad");
  await plain.getByRole("region", { name: "Who is it for?" }).getByRole("link", { name: /^Dad \(/ }).click();
  await expect(results(plain)).toHaveText(`${dad} ${dad === 1 ? "gift" : "gifts"} for Dad`);
  const firstBand = plain.getByRole("region", { name: "How much to spend?" }).getByRole("link").first();
  const [, , dadBandCount] = /^(.+) \((\d+)\)$/.exec(await textOf(firstBand))!;
  await firstBand.click();
  await expect(plain).toHaveURL(/\/gifts-for-dad\?price=\d+$/);
  await expect(results(plain)).toHaveText(new RegExp(`^${dadBandCount} gifts? for Dad `));
  await noScript.close();
});

test("near me: Use my location picks the nearest location and remembers it", async ({ browser }) => {
  // Manchester's coordinates, with permission to use them.
  const context = await browser.newContext({ geolocation: { latitude: 53.4808, longitude: -2.2426 }, permissions: ["geolocation"] });
  const page = await context.newPage();
  await open(page, "/near-me/hub");
  await expect(page).toHaveTitle("Deals Near You | Wowcher");
  // Nothing is asked on load: the remembered (here the default) location is shown.
  await expect(page.getByText("Showing deals in London.", { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Use my location" }).click();
  const message = page.getByText("Your nearest location is Manchester. We will remember it for next time.");
  await expect(message).toBeVisible();
  await expect(message).toBeFocused();
  await expect(page.getByText("Showing deals in Manchester.", { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Remembered: the next visit shows Manchester straight from the server.
  await open(page, "/near-me/hub");
  await expect(page.getByText("Showing deals in Manchester.", { exact: true })).toBeVisible();
  await context.close();
});

test("near me: without permission the remembered location stays, with a polite message", async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  await context.addCookies([{ name: "location", value: "manchester", url: baseURL! }]);
  const page = await context.newPage();
  await open(page, "/near-me/hub");
  await expect(page.getByText("Showing deals in Manchester.", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Use my location" }).click();
  const message = page.getByText(/so we are still showing deals in Manchester\.$/);
  await expect(message).toBeVisible();
  await expect(message).toBeFocused();
  await expect(page.getByText("Showing deals in Manchester.", { exact: true })).toBeVisible();
  await context.close();
});
