import { expect, test } from "@playwright/test";
import { actAsNewShopper, buyNow, findDealFromTop } from "./support/checkout-journeys";
import { seriousViolations } from "./support/journeys";

test.beforeEach(({ page }) => actAsNewShopper(page));

test("a shopper wraps an item, then switches it to a next-day gift pack: the basket lines and toasts follow", async ({ page, request }) => {
  test.slow();
  const deal = await findDealFromTop(request, 6);
  await buyNow(page, deal);

  const lines = page.getByTestId("basket-line");
  const item = lines.filter({ hasText: deal.headline });
  const toasts = page.getByRole("list", { name: "Notifications" });
  const gift = item.getByTestId("gift-options");
  // The wrap and pack lines by their titles (the item's gift options name them in lower case).
  const lineTitled = (title: string) => lines.filter({ has: page.getByText(title, { exact: true }) });

  // Gift wrap: its own line at its own price, and the toast.
  await item.getByText("Gift it").click();
  await gift.getByRole("radio", { name: /^Gift wrap/ }).check();
  await gift.getByRole("button", { name: "Save gift options" }).click();
  await expect(toasts).toContainText("Gift Wrap Added");
  const wrapLine = lineTitled("Gift Wrap");
  await expect(wrapLine).toHaveCount(1);
  await expect(wrapLine).toContainText("£2.99");
  await expect(item).toContainText("Gift wrapped");
  expect(await seriousViolations(page)).toEqual([]);

  // A next-day gift pack instead: the wrap line goes, the pack line comes, with its toast.
  // The gift options stay open after saving, now headed "Gifted".
  await expect(gift.locator("summary")).toContainText("Gifted");
  await gift.getByRole("radio", { name: /^Next-day gift pack/ }).check();
  await gift.getByRole("button", { name: "Save gift options" }).click();
  await expect(toasts).toContainText("Gift Pack Added");
  await expect(lineTitled("Next-Day Gift Pack")).toHaveCount(1);
  await expect(lineTitled("Gift Wrap")).toHaveCount(0);
  await expect(gift.locator("summary")).toContainText("Gift Pack");
  await expect(gift.locator("summary")).toContainText("Next-day gift pack");

  // The choice and the lines are kept: still there after a reload.
  await page.reload();
  await expect(page.getByTestId("basket-line")).toHaveCount(2);
  await expect(lineTitled("Next-Day Gift Pack")).toContainText("£6.99");
});
