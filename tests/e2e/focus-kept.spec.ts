/**
 * Where the keyboard focus goes after an action that changes part of the page: Load more, the wish
 * list heart, a basket quantity and Remove. Before, each of them dropped it to the top of the page.
 */
import { expect, test } from "@playwright/test";
import { actAsNewShopper, buyNow, findBuyableDeal } from "./support/checkout-journeys";
import { open } from "./support/journeys";
import { tabTo } from "./support/keyboard";

test.beforeEach(({ page }) => actAsNewShopper(page));

test("Load more moves the focus to the first new deal, and the wish list heart keeps it", async ({ page }) => {
  await open(page, "/deals/london");
  const loadMore = page.getByRole("button", { name: "Load more deals" });
  await loadMore.focus();
  await page.keyboard.press("Enter");
  const more = page.getByRole("list", { name: "More deals" }).last();
  await expect(more.getByRole("listitem").first()).toBeVisible();
  // The next Tab continues from the new deals, not from the top of the page or past them.
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest("li")?.parentElement?.getAttribute("aria-label") ?? null)).toBe("More deals");
  const firstNew = more.getByRole("listitem").first();
  expect(await firstNew.evaluate((item) => item.contains(document.activeElement))).toBe(true);

  // The heart on the focused deal: pressed with the keyboard, it is saved and keeps the focus.
  const heart = firstNew.locator("button[aria-pressed]");
  await expect(heart).toHaveAccessibleName(/^Save .* to your wish list$/);
  await tabTo(page, heart, { max: 5, back: true });
  await page.keyboard.press("Enter");
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(heart).toHaveAccessibleName(/^Remove .* from your wish list$/);
  expect(await heart.evaluate((button) => button === document.activeElement)).toBe(true);
});

test("a basket quantity and Remove keep the focus in the basket and say what happened", async ({ page, request }) => {
  const first = await findBuyableDeal(request, { nth: 23, from: "bottom" });
  const second = await findBuyableDeal(request, { nth: 24, from: "bottom" });
  const pick = (found: typeof first) => {
    const option = found.deal.products.filter((product) => !product.soldOut)[0];
    return { headline: found.deal.headline, urlPath: found.deal.urlPath, option: { friendlyName: option.friendlyName, price: option.price } };
  };
  await buyNow(page, pick(first));
  await buyNow(page, pick(second)); // the same basket: two lines
  const lines = page.getByTestId("basket-line");
  await expect(lines).toHaveCount(2);

  // A new quantity is saved and the focus is back on the quantity, redrawn with it.
  const quantity = lines.first().getByRole("combobox", { name: /^Quantity of / });
  await quantity.focus();
  // Marked, so the wait below is for the select drawn anew once the quantity is saved.
  await quantity.evaluate((select) => select.setAttribute("data-before-save", ""));
  await quantity.selectOption("2");
  const redrawn = lines.first().locator("select:not([data-before-save])");
  await expect(redrawn).toHaveValue("2");
  await expect(redrawn).toBeFocused();

  // Remove takes its line away: the focus goes to the line that took its place, and it is announced.
  const remove = lines.first().getByRole("button", { name: /^Remove / });
  const removedName = (await remove.getAttribute("aria-label"))!.replace(/^Remove /, "");
  await remove.focus();
  await page.keyboard.press("Enter");
  await expect(lines).toHaveCount(1);
  expect(await lines.first().evaluate((line) => line.contains(document.activeElement))).toBe(true);
  await expect(page.getByText(`Removed ${removedName} from your basket.`)).toBeAttached();
});
