import { expect, test } from "@playwright/test";
import { open, seriousViolations } from "./support/journeys";

test("staff find a deal in the deals table with the keyboard: search, sort by a heading, and the count read first", async ({ page }) => {
  await open(page, "/admin/login");
  await page.getByLabel("Email").fill("owner@example.com");
  await page.getByLabel("Password").fill("Demo-Owner-2026!");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Back office");
  await page.getByRole("link", { name: "Deals" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deals");
  await expect(page.getByTestId("deals-summary")).toHaveText(/^Deals 1–50 of [\d,]+$/);
  expect(await seriousViolations(page)).toEqual([]);

  // A word typed in the search box, then Enter: focus lands on the count of what was found.
  await page.getByLabel("State").selectOption("live");
  await page.getByLabel("Deal id, headline or merchant").fill("massage");
  await page.getByLabel("Deal id, headline or merchant").press("Enter");
  await expect(page.getByTestId("deals-summary")).toBeFocused();
  await expect(page.getByTestId("deals-summary")).toHaveText(/^Deals 1–\d+ of [\d,]+\+?$/);
  const rows = page.getByTestId("deal-row");
  await expect(rows.first()).toContainText(/massage/i);
  await expect(rows.first()).toContainText("Live");

  // The Price heading sorts, cheapest first, and says so.
  await page.getByRole("link", { name: /^Price/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("columnheader", { name: /Price/ })).toHaveAttribute("aria-sort", "ascending");
  await expect(page).toHaveURL(/q=massage.*sort=price&direction=asc|sort=price&direction=asc.*q=massage/);
  const prices = (await rows.locator("td:nth-child(8)").allTextContents()).map((price) => Number(price.replace(/[^\d.]/g, "")));
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  // A deal's own page: its state, history and the moves an owner may make.
  const headline = (await rows.first().getByRole("link").textContent())!;
  await rows.first().getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(headline);
  const changes = page.getByRole("region", { name: "Change its state" });
  await expect(changes.getByRole("button", { name: "Pause" })).toBeVisible();
  await expect(changes.getByLabel(/^Reason/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
