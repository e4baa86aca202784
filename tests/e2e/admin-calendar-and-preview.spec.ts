import { expect, test } from "@playwright/test";
import { signInAsDemoOwner } from "./support/back-office";
import { open } from "./support/journeys";

test("staff change a run of a travel option's nights from its calendar with the keyboard, and the calendar shows the new price", async ({ page }) => {
  await signInAsDemoOwner(page);
  await open(page, "/admin/deals?type=travel&status=live");
  const travelDeals = await page
    .getByTestId("deal-row")
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
  for (const deal of travelDeals) {
    await open(page, `${deal}/travel-rates`);
    if ((await page.getByTestId("rate-option").count()) > 0) break; // a deal sold by date
  }
  await page.getByTestId("rate-option").first().getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Calendar: /);

  // Next month's 10th to 12th, typed and sent with the keyboard alone.
  await page.getByRole("link", { name: "Next month" }).click();
  const month = new URL(page.url()).searchParams.get("month")!;
  await page.getByLabel("First night").fill(`${month}-10`);
  await page.getByLabel("Last night").fill(`${month}-12`);
  await page.getByLabel(/^Price/).fill("123.45");
  await page.getByLabel("Rooms on sale each night").fill("7");
  await page.getByLabel("Rooms on sale each night").press("Enter");
  await expect(page.getByText(`Saved 3 nights, ${month}-10 to ${month}-12: shoppers see them on their next page.`)).toBeVisible();
  await expect(page.getByText(/^Saved 3 nights/).locator("xpath=ancestor::div[@tabindex='-1']")).toBeFocused();
  await open(page, new URL(page.url()).pathname + `?month=${month}`);
  for (const day of ["10", "11", "12"]) {
    await expect(page.locator(`[data-night="${month}-${day}"]`)).toContainText("123.45");
    await expect(page.locator(`[data-night="${month}-${day}"]`)).toContainText(/ of \d+ left/);
  }

  // A mistake: the summary takes the focus and leads to the field.
  await page.getByLabel("First night").fill(`${month}-12`);
  await page.getByLabel("Last night").fill(`${month}-10`);
  await page.getByLabel(/^Price/).fill("99");
  await page.getByLabel("Rooms on sale each night").fill("7");
  await page.getByRole("button", { name: "Save these nights" }).click();
  await expect(page.getByTestId("error-summary")).toBeFocused();
  await page.getByTestId("error-summary").getByRole("link", { name: "The last night must be on or after the first night." }).click();
  await expect(page.getByLabel("Last night")).toBeFocused();
});

test("a deal manager's preview link of a new draft takes the focus and shows the draft to someone without an account", async ({ page, browser }) => {
  await signInAsDemoOwner(page);
  await open(page, "/admin/deals?status=live&type=local");
  await page.getByTestId("deal-row").first().getByRole("link").click();
  await page.getByRole("button", { name: "Clone as a new draft" }).click();
  await expect(page).toHaveURL(/\/admin\/deals\/\d+\/edit\?cloned=\d+$/);
  const draftId = /\/admin\/deals\/(\d+)\/edit/.exec(page.url())![1];
  await open(page, `/admin/deals/${draftId}`);
  await expect(page.getByTestId("deal-state")).toHaveText("Draft");
  await page.getByRole("button", { name: "Make a preview link" }).click();
  const link = page.getByTestId("preview-links").getByRole("link").first();
  await expect(link).toBeFocused();
  const href = (await link.getAttribute("href"))!;
  expect(href).toMatch(/\/deal-preview\/[A-Za-z0-9_-]{43}$/);

  // Someone without an account opens it (on this server: the link's path) and reads the draft.
  const merchant = await (await browser.newContext()).newPage();
  await merchant.goto(new URL(href).pathname);
  await expect(merchant).toHaveURL(/\?dealPreview=/);
  await expect(merchant.getByRole("heading", { level: 1 })).toBeVisible();
  await merchant.context().close();
});
