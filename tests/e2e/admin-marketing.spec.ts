import { expect, test } from "@playwright/test";
import { londonMinuteFromNow, signInAsDemoOwner } from "./support/back-office";
import { open, seriousViolations } from "./support/journeys";

test("an editor moves a navigation item first and changes a home scroller's header; shoppers see both on their next page", async ({ page, browser }) => {
  // A shopper's visit first, so the home page sits in the shared page cache when the edits land.
  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto("/");
  await expect(shopper.getByRole("navigation", { name: "Main" })).toBeVisible();

  await signInAsDemoOwner(page);
  await page.getByRole("link", { name: "Navigation" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Navigation");
  expect(await seriousViolations(page)).toEqual([]);

  // The last item with a fixed name (the local item is named after the shopper's location) goes first, by keyboard.
  const rows = page.getByTestId("navigation-row").filter({ hasNotText: "{location}" });
  const row = rows.last();
  const name = await row.getByRole("textbox").inputValue();
  const preview = page.getByTestId("navigation-preview").getByRole("listitem");
  const names = await preview.allTextContents();
  let position = names.indexOf(name);
  expect(position).toBeGreaterThan(0);
  await page.getByRole("button", { name: `Move ${name} up` }).focus();
  while (position > 0) {
    await page.keyboard.press("Enter");
    position -= 1;
    await expect(preview.nth(position)).toHaveText(name);
    // Focus follows the moved item: its "Move up" again, or "Move down" once it is first.
    await expect(page.locator(":focus")).toHaveAccessibleName(position > 0 ? `Move ${name} up` : `Move ${name} down`);
  }
  await expect(page.getByRole("status")).toContainText("shoppers see the new order on their next page");

  await shopper.reload();
  await expect(shopper.getByRole("navigation", { name: "Main" }).getByRole("listitem").first()).toContainText(name);

  // A home scroller's new header: a mistake first (an empty header), then the real one.
  await open(page, "/admin/scrollers");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Home scrollers");
  await page
    .getByTestId("scroller-row")
    .first()
    .getByRole("link", { name: /^Edit / })
    .click();
  const header = page.getByLabel("Header", { exact: true });
  await header.fill("");
  await page.getByRole("button", { name: "Save the scroller" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeFocused();
  const stamp = `Winter treats ${Date.now()}`;
  await header.fill(stamp);
  await page.getByRole("button", { name: "Save the scroller" }).click();
  await expect(page.getByRole("status")).toContainText(`Scroller “${stamp}” saved`);
  await expect(page.getByTestId("scroller-row").first()).toContainText(stamp);

  await shopper.reload();
  await expect(shopper.getByRole("heading", { level: 2, name: stamp })).toBeVisible();
});

test("an editor adds a countdown bar to the real end of an offer; shoppers see it count down, and it goes the moment the end passes", async ({ page, browser }) => {
  await signInAsDemoOwner(page);
  await open(page, "/admin/countdowns");
  const label = `Flash sale ends in ${Date.now()}`;
  await page.getByLabel("Site").selectOption({ label: "Wowcher" });
  await page.getByLabel("Words on the bar").fill(label);
  await page.getByLabel("Shown from (UK and Irish time)").fill(londonMinuteFromNow(-1));
  await page.getByLabel("Counts down to (UK and Irish time)").fill(londonMinuteFromNow(3));
  await page.getByRole("button", { name: "Add the countdown bar" }).click();
  await expect(page.getByText("Countdown bar saved")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The shopper's browser keeps its own clock, which the test moves on instead of waiting.
  const shopper = await (await browser.newContext()).newPage();
  await shopper.clock.install();
  await shopper.goto("/");
  const bar = shopper.getByRole("region", { name: "Countdown" });
  await expect(bar).toContainText(label);
  await shopper.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await shopper.clock.fastForward("05:00");
  await expect(bar).toHaveCount(0);
  await shopper.context().close();
});
