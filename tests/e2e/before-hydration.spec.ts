import { type APIRequestContext, type Page, type Route, expect, test } from "@playwright/test";
import { actAsNewShopper, type DealAnswer } from "./support/checkout-journeys";

test.beforeEach(({ page }) => actAsNewShopper(page));

/**
 * Holds the page's JavaScript bundles back until `release()`: the shopper acts on the
 * server-rendered page first, as on a slow phone.
 */
async function holdJavaScript(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.*\.js(\?.*)?$/, (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return async () => {
    released = true;
    await Promise.all(held.splice(0).map((route) => route.continue()));
  };
}

/** A buyable, non-travel deal whose options are a dropdown ("Choose your option"), with two or more to choose from. */
async function findDropdownDeal(request: APIRequestContext, nth: number): Promise<DealAnswer> {
  let seen = 0;
  for (let step = 0; step < 600; step++) {
    const response = await request.get(`/v1/deal/${30_000_250 + step}`);
    if (!response.ok()) continue;
    const found = (await response.json()) as DealAnswer;
    const { deal, availability } = found;
    const open = deal.products.filter((product) => !product.soldOut && (product.totalRemaining === null || product.totalRemaining > 5) && (product.purchaseCap === null || product.purchaseCap >= 3));
    if (!availability.buyable || deal.dealType === "travel" || deal.productDisplay.type !== "dropdown" || !deal.display.showPrice || open.length < 2) continue;
    if (deal.purchaseCap !== null && deal.purchaseCap < 3) continue;
    if (seen++ === nth) return found;
  }
  throw new Error("no dropdown deal in the seeded catalogue");
}

const optionOf = (found: DealAnswer) => found.deal.products.filter((product) => !product.soldOut)[1];

test("an option chosen before the page's JavaScript ran is the one bought after it ran", async ({ page, request }) => {
  const found = await findDropdownDeal(request, 0);
  const option = optionOf(found);
  const release = await holdJavaScript(page);
  await page.goto(found.deal.urlPath, { waitUntil: "commit" });
  const choice = page.getByLabel("Choose your option");
  await choice.selectOption(String(option.id));
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);

  await release();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // Still showing the choice, and its own price with it.
  await expect(choice).toHaveValue(String(option.id));
  await expect(page).toHaveURL(new RegExp(`/${option.id}(/|$)`));
  await page.locator('form[method="post"][action="/checkout"]').waitFor();
  await page.getByRole("button", { name: "Buy now" }).click();
  await expect(page).toHaveURL(/\/checkout\/[\w-]{11,}$/);
  await expect(page.getByText("Please select one of the options above.")).toHaveCount(0);
  await expect(page.getByTestId("basket-line")).toContainText(option.friendlyName);
});

test("choosing and pressing Buy now before the JavaScript ran sends the option shown", async ({ page, request }) => {
  const found = await findDropdownDeal(request, 1);
  const option = optionOf(found);
  const release = await holdJavaScript(page);
  await page.goto(found.deal.urlPath, { waitUntil: "commit" });
  await page.getByLabel("Choose your option").selectOption(String(option.id));
  // The phone's sticky bar is hidden by the stylesheet on a desktop: wait until the page is drawn
  // with it, as a person would, then press the buy panel's own button.
  await expect(page.getByTestId("sticky-buy-bar")).toBeHidden();
  await page.getByRole("complementary", { name: "Buy this deal" }).getByRole("button", { name: "Buy now" }).click();
  await expect(page).toHaveURL(/\/checkout\?/);
  const sent = new URL(page.url()).searchParams;
  expect([sent.get("dealId"), sent.get("productId")]).toEqual([String(found.deal.id), String(option.id)]);
  await release();
  await expect(page.getByRole("main")).toContainText(option.friendlyName);
  await expect(page.getByRole("main")).not.toContainText("Please select one of the options above.");
});

test("words typed in the search box before the JavaScript ran are the ones searched", async ({ page }) => {
  const release = await holdJavaScript(page);
  await page.goto("/", { waitUntil: "commit" });
  const box = page.getByRole("search").getByLabel("Search deals");
  await box.fill("massage");
  await release();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(box).toHaveValue("massage");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=massage/);
});
