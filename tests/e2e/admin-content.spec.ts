import { expect, test } from "@playwright/test";
import { signInAsDemoOwner } from "./support/back-office";
import { open, seriousViolations } from "./support/journeys";

test("an editor changes a content page's words with the keyboard, previews them, saves, and shoppers read them on their next page", async ({ page, browser }) => {
  // A shopper's visit first, so the page sits in the shared page cache when the edit lands.
  const shopper = await browser.newContext();
  const shopperPage = await shopper.newPage();
  await shopperPage.goto("/page/aboutus");
  await expect(shopperPage.getByRole("heading", { level: 1 })).toBeVisible();
  expect((await shopperPage.reload())?.headers()["x-page-cache"]).toMatch(/^(HIT|STALE)$/);

  await signInAsDemoOwner(page);
  await page.getByRole("link", { name: "Content pages" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Content pages");
  await page.getByLabel("Words of the address or name").fill("aboutus");
  await page.getByLabel("Words of the address or name").press("Enter");
  const row = page.getByTestId("content-row").filter({ hasText: "/page/aboutus" }).first();
  await row.getByRole("link").click();
  await expect(page.getByRole("link", { name: "/page/aboutus" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // HTML is refused: the summary takes the focus and links to the field.
  const text = page.getByLabel("Text", { exact: true });
  const stamp = Date.now();
  const sentence = `We answer every message within a day (${stamp}).`;
  await text.press("ControlOrMeta+End");
  await text.pressSequentially(`\n\n<b>${sentence}</b>`);
  await page.getByRole("button", { name: "Save the page" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeFocused();
  await summary.getByRole("link", { name: /HTML is not accepted/ }).press("Enter");
  await expect(text).toBeFocused();

  // Plain words instead, previewed as shoppers will see them: the preview takes the focus.
  await text.fill((await text.inputValue()).replace(`<b>${sentence}</b>`, `## Talk to us ${stamp}\n\n${sentence}`));
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByTestId("content-preview");
  await expect(preview).toBeFocused();
  await expect(preview.getByRole("heading", { name: `Talk to us ${stamp}` })).toBeVisible();
  await expect(preview).toContainText(sentence);

  await page.getByRole("button", { name: "Save the page" }).click();
  await expect(page.getByText("Saved: shoppers read the new words from their next page.")).toBeVisible();

  // The shopper's next request, through the same cache: the new words at once.
  expect((await shopperPage.reload())?.headers()["x-page-cache"]).toBe("MISS");
  await expect(shopperPage.getByRole("main")).toContainText(sentence);
  await expect(shopperPage.getByRole("heading", { name: `Talk to us ${stamp}` })).toBeVisible();
  await shopper.close();

  // The audit trail names the change.
  await open(page, "/admin/audit");
  await expect(page.getByRole("main")).toContainText("content.edit");
});
