import { expect, test } from "@playwright/test";
import { actAsNewShopper, findBuyableDeal } from "./support/checkout-journeys";
import { open } from "./support/journeys";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
test.beforeEach(({ page }) => actAsNewShopper(page));

test("on a phone the deal's title, price and Buy now are on the first screen, with a sticky buy bar that hides no focused field", async ({ page, request }) => {
  const { deal } = await findBuyableDeal(request, { nth: 7, from: "top" });
  await open(page, deal.urlPath);
  const firstScreen = 844;
  // Buy now's form is drawn anew once the visitor's session arrives: measure the settled page.
  await page.locator('form[method="post"][action="/checkout"]').waitFor();
  const panel = page.getByRole("complementary", { name: "Buy this deal" });
  for (const shown of [page.getByRole("heading", { level: 1 }), panel.getByTestId("deal-price"), panel.getByRole("button", { name: "Buy now" })]) {
    await expect(shown).toBeVisible();
    const box = await shown.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(firstScreen);
  }
  // The sticky bar stays at the bottom of the screen after scrolling, with price and Buy now.
  const bar = page.getByTestId("sticky-buy-bar");
  await page.mouse.wheel(0, 3000);
  await expect(bar).toBeInViewport();
  await expect(bar.getByRole("button", { name: "Buy now" })).toBeVisible();
  const barBox = (await bar.boundingBox())!;
  expect(barBox.y + barBox.height).toBeGreaterThan(firstScreen - 2);
  // scroll-padding-bottom keeps a field scrolled into view by focus clear of the bar.
  const padding = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom));
  expect(padding).toBeGreaterThanOrEqual(barBox.height);
  // The deal's pictures come in widths for the screen.
  await expect(page.getByRole("list", { name: "Deal images" }).locator("img").first()).toHaveAttribute("srcset", /320w/);
});
